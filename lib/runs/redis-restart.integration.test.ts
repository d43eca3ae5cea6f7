/**
 * A Redis restart (no persistence: queues, streams and flags all gone) under a running run, with a
 * redis-server of the test's own and a real worker process: the run still ends with a reason, its
 * event log has no gaps or duplicate seqs, and the worker reconnects by itself for the next run.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { getDb } from "../db/client";
import { startCountingServer, type CountingServer } from "../testing/counting-server";
import { graphEdge, graphNode } from "../testing/fixtures";
import { startOwnRedis, type OwnRedis } from "../testing/own-redis";
import { waitFor } from "../testing/wait-for";
import { startWorkerProcess, type WorkerProcess } from "../testing/worker-process";
import type { WorkflowGraph } from "../workflow/graph";
import { createWorkflow } from "../workflow-store/repository";
import { listEvents } from "./read-events";
import { startRun } from "./start-run";

let redis: OwnRedis;
let server: CountingServer;
let worker: WorkerProcess;

beforeAll(async () => {
  redis = await startOwnRedis();
  process.env.REDIS_URL = redis.url; // before anything in this process connects
  server = await startCountingServer();
  worker = startWorkerProcess({ REDIS_URL: redis.url }, "worker");
  await worker.ready;
}, 30_000);
afterAll(async () => {
  await worker?.kill();
  await server?.close();
  await redis?.stop();
});

const graph = (tag: string): WorkflowGraph => ({
  nodes: [
    graphNode("entry", "core.entry"),
    graphNode("slow", "core.http.request", { params: { url: `${server.url}/slow?ms=3000&n=${tag}` } }),
    graphNode("after", "core.http.request", { params: { url: `${server.url}/fast?n=${tag}-after` } }),
  ],
  edges: [graphEdge("entry", "output", "slow", "body"), graphEdge("slow", "body", "after", "body")],
});

async function start(tag: string): Promise<string> {
  const { id } = await createWorkflow("redis restart", graph(tag));
  const started = await startRun(id, undefined);
  if (!started.ok) throw new Error(started.message);
  return started.runId;
}

const waitForEnd = (runId: string) =>
  waitFor(
    `run ${runId} to end`,
    async () => {
      const run = await getDb().run.findUniqueOrThrow({ where: { id: runId }, select: { status: true, error: true } });
      return ["completed", "failed", "cancelled"].includes(run.status) ? run : undefined;
    },
    40_000,
    200,
  );

it("a run in flight survives a Redis restart with a whole event log, and the next run works", async () => {
  const runId = await start("inflight");
  await waitFor("the slow call", () => (server.hits("GET /slow?inflight") > 0 ? true : undefined), 15_000);
  await redis.restart(1_000);

  const run = await waitForEnd(runId);
  expect(run.status, run.error ?? "").toBe("completed");
  const events = await listEvents(runId);
  expect(events.map((event) => event.seq)).toEqual(events.map((_, index) => index + 1));
  expect(events.at(-1)?.type).toBe("run.completed");

  const next = await start("after-restart");
  expect((await waitForEnd(next)).status).toBe("completed");
}, 90_000);
