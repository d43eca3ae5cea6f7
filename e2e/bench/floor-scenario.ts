/**
 * The floor: the same work as a simple run — HTTP POST in, a Run row and its events in
 * PostgreSQL, a BullMQ job, a worker that claims it, "executes" one step, stores its events as
 * one batch, publishes them and completes the run — with no framework, auth, validation or
 * compiler in the way. Measured in the same process and load as the real path, so the ratio
 * between them is the figure that matters (issue: ≥ 60 % of the floor).
 */
import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Queue, Worker } from "bullmq";
import { sql } from "../../lib/db/sql";
import { queueConnection } from "../../lib/queue/queues";
import { sharedRedis } from "../../lib/queue/redis";
import { driveRuns } from "./run-completion";

const FLOOR_QUEUE = "bench-floor";

export async function benchFloor(workflowId: string, runs: number, concurrency: number, workerConcurrency: number) {
  const queue = new Queue(FLOOR_QUEUE, {
    connection: queueConnection(),
    defaultJobOptions: { removeOnComplete: 1000, removeOnFail: 1000 } /* as the runs queue */,
  });
  const redis = sharedRedis();
  const worker = new Worker(
    FLOOR_QUEUE,
    async (job) => {
      const runId = job.data.runId as string;
      const [run] = await sql<{ plan: { step: string }; input: string }>`
        UPDATE "Run" SET status = 'running', "startedAt" = now(), "leaseOwner" = 'floor', "leaseUntil" = now() +
          interval '15 seconds', attempt = 1
        WHERE id = ${runId} AND status = 'queued' RETURNING plan, input`;
      const output = `${run.plan.step} ${run.input}`;
      const events = [
        { type: "run.started", payload: {} },
        { type: "node.started", payload: { nodeId: "step" } },
        { type: "node.completed", payload: { nodeId: "step", output } },
        { type: "run.completed", payload: { output } },
      ];
      const stored = await sql`
        WITH allocated AS (UPDATE "Run" SET "lastSeq" = "lastSeq" + ${events.length} WHERE id = ${runId}
          RETURNING "lastSeq")
        INSERT INTO "RunEvent" ("runId", seq, type, payload)
        SELECT ${runId}, allocated."lastSeq" - ${events.length} + item.ord::int, item.value->>'type',
          item.value->'payload'
        FROM allocated, jsonb_array_elements(${JSON.stringify(events)}::jsonb) WITH ORDINALITY AS item(value, ord)
          RETURNING seq`;
      await redis.publish(`run:${runId}:events`, JSON.stringify(stored));
      await sql`UPDATE "Run" SET status = 'completed', output = ${JSON.stringify(output)}::jsonb, "finishedAt" = now(),
        "leaseOwner" = NULL, "leaseUntil" = NULL WHERE id = ${runId}`;
    },
    { connection: queueConnection(), concurrency: workerConcurrency },
  );
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", async () => {
      const input = (JSON.parse(body) as { input?: unknown }).input ?? null;
      const runId = randomUUID();
      await sql`
        WITH run AS (INSERT INTO "Run" (id, "workflowId", plan, graph, input, "lastSeq")
          VALUES (${runId}, ${workflowId}, ${JSON.stringify({ step: "ok" })}::jsonb, '{}'::jsonb,
            ${JSON.stringify(input)}::jsonb, 1) RETURNING id)
        INSERT INTO "RunEvent" ("runId", seq, type, payload) SELECT id, 1, 'run.queued', '{}'::jsonb FROM run`;
      await queue.add("run", { runId }, { jobId: runId });
      res.writeHead(201, { "content-type": "application/json" }).end(JSON.stringify({ runId }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/runs`;
  try {
    return await driveRuns(runs, concurrency, async () => {
      const response = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ input: "x" }),
      });
      return ((await response.json()) as { runId: string }).runId;
    });
  } finally {
    server.close();
    await worker.close();
    await queue.obliterate({ force: true }).catch(() => undefined);
    await queue.close();
  }
}
