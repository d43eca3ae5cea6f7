/**
 * The core of Switchboard on the scale-out setting: a real three-master Redis Cluster (hash-tagged queues, the run
 * queue in partitions, sharded pub/sub for live events and tool replies) and PostgreSQL through PgBouncer in
 * transaction mode (no named prepared statements). An agent driven by a model server calls its tool through the
 * gateway; the SSE stream tails a live run; runs spread over partitions on several masters; a worker killed mid-run
 * is replaced by one that resumes the run.
 */
import { Cluster } from "ioredis";
import { describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { sql } from "../db/sql";
import { runsQueue } from "../queue/queues";
import { runPartitionOf, runQueueNames } from "../queue/run-partitions";
import { sharedRedis } from "../queue/redis";
import { putSecret } from "../secrets/secret-store";
import { clusterStack } from "../testing/cluster-stack";
import { crashRig } from "../testing/crash-rig";
import { startFakeChatCompletions } from "../testing/fake-chat-completions";
import { graphEdge, graphNode } from "../testing/fixtures";
import { waitFor } from "../testing/wait-for";
import { waitForRun } from "../testing/wait-for-run";
import type { WorkflowGraph } from "../workflow/graph";
import { exampleWorkflowGraph } from "../workflow-store/example";
import type { RunEvent } from "./events";
import { listEvents } from "./read-events";

const cluster = clusterStack(); // before the rig: its stack and workers start against the cluster
const rig = crashRig();

async function post(path: string, body: unknown) {
  const response = await rig.web.fetch(path, { method: "POST", body: JSON.stringify(body) });
  return { status: response.status, body: await response.json() };
}

async function startWorkflow(graph: WorkflowGraph, input?: unknown): Promise<string> {
  const created = await post("/api/workflows", { name: "scale-out", publish: true, ...graph });
  expect(created.status).toBe(201);
  const started = await post(`/api/workflows/${created.body.id}/runs`, { input });
  expect(started.status).toBe(201);
  return started.body.runId as string;
}

/** Reads the SSE route as a browser does until the stream closes at the run's end. */
async function readSse(runId: string): Promise<RunEvent[]> {
  const response = await rig.web.fetch(`/api/runs/${runId}/events`);
  expect(response.headers.get("content-type")).toBe("text/event-stream");
  return (await response.text())
    .split("\n\n")
    .map((block) => block.split("\n").find((line) => line.startsWith("data: ")))
    .filter((line): line is string => Boolean(line))
    .map((line) => JSON.parse(line.slice(6)) as RunEvent);
}

const agentGraph = (baseUrl: string): WorkflowGraph => ({
  nodes: [
    graphNode("entry", "core.entry"),
    graphNode("agent", "core.agent", {
      params: { provider: "openai-compatible", baseUrl, model: "gpt-test", apiKey: { $secret: "FAKE_LLM_KEY" } },
    }),
    graphNode("http", "core.http.request", { label: "HTTP Request", mode: "tool" }),
  ],
  edges: [graphEdge("entry", "output", "agent", "input"), graphEdge("http", "tool", "agent", "tools")],
});

// Worker processes take a while to start on a busy machine (tsx compiles them first).
describe("on a Redis Cluster and through PgBouncer", { timeout: 120_000 }, () => {
  it("really is a three-master cluster and a pooler in transaction mode", async () => {
    const redis = sharedRedis();
    expect(redis).toBeInstanceOf(Cluster);
    expect(await redis.ping()).toBe("PONG");
    expect((redis as Cluster).nodes("master")).toHaveLength(3);
    expect(process.env.DATABASE_URL).toContain("pgbouncer=true");
    expect(new URL(process.env.DATABASE_URL!).port).toBe(new URL(cluster.pgbouncer.url).port);
    // Transaction pooling: consecutive statements may land on different server connections, so nothing may rely on
    // a session; the pooler answers as PostgreSQL does.
    expect(await sql<{ one: number }>`SELECT ${1}::int AS one`).toEqual([{ one: 1 }]);
  });

  it("runs an agent whose model calls its tool through the gateway, and streams it live over SSE", async () => {
    await rig.worker("w1");
    await putSecret("FAKE_LLM_KEY", "sk-test-123");
    const llm = await startFakeChatCompletions([
      { toolCall: { name: "http_request", arguments: { url: "/api/health" } } },
      { text: "The server is healthy." },
    ]);
    try {
      const runId = await startWorkflow(agentGraph(llm.baseUrl), "Is the server up?");
      const live = await readSse(runId);
      const result = await waitForRun(rig.web, runId);
      expect(result.error).toBeNull();
      expect(result.output).toMatchObject({ text: "The server is healthy.", iterations: 2 });
      const stored = await listEvents(runId);
      expect(live.map((event) => event.seq)).toEqual(stored.map((event) => event.seq));
      expect(live.at(-1)?.type).toBe("run.completed");
      const call = stored.find((event) => event.type === "tool.call.completed");
      expect(call?.payload).toMatchObject({ nodeId: "agent", toolName: "http_request", isError: false });
      // The tool called this Switchboard's health check, which asked the cluster and the database through the pooler.
      const toolMessage = llm.received[1].body.messages.find((message) => message.role === "tool");
      expect(String(toolMessage?.content)).toContain('"redis":"ok","database":"ok"');
    } finally {
      llm.close();
    }
  });

  it("spreads runs over the run queue's partitions, on more than one master", async () => {
    await rig.worker("w1");
    const runIds = await Promise.all(Array.from({ length: 12 }, () => startWorkflow(exampleWorkflowGraph(), "hi")));
    for (const runId of runIds) expect((await waitForRun(rig.web, runId, 30_000)).status).toBe("completed");
    expect(runQueueNames().length).toBeGreaterThan(1);
    const partitions = new Set(runIds.map(runPartitionOf));
    expect(partitions.size).toBeGreaterThan(1);
    const masters = new Set<string>();
    for (const runId of runIds) {
      const job = await runsQueue(runId).getJob(runId); // each run's job is in its own partition, and finished
      expect(job?.finishedOn).toBeGreaterThan(0);
      const slot = Number(await sharedRedis().call("CLUSTER", "KEYSLOT", runsQueue(runId).toKey(runId)));
      const owner = (sharedRedis() as Cluster).slots[slot]?.[0];
      if (owner) masters.add(owner);
    }
    expect(masters.size).toBeGreaterThan(1);
  });

  it("resumes a run whose worker was killed mid-run on another worker", async () => {
    const http = (id: string, path: string) =>
      graphNode(id, "core.http.request", {
        params: { method: "GET", url: `${rig.server.url}${path}?n=cluster-${id}` },
      });
    const graph: WorkflowGraph = {
      nodes: [graphNode("entry", "core.entry"), http("a", "/fast"), http("b", "/slow"), http("c", "/fast")],
      edges: [
        graphEdge("entry", "output", "a", "body"),
        graphEdge("a", "body", "b", "body"),
        graphEdge("b", "body", "c", "body"),
      ],
    };
    const first = await rig.worker("w1");
    const runId = await rig.startGraph(graph, undefined, "cluster durability");
    await waitFor(
      "the slow node to be called",
      () => (rig.server.hits("GET /slow?cluster-b") > 0 ? true : undefined),
      15_000,
    );
    await first.kill("SIGKILL");
    await rig.worker("w2");
    const run = await waitFor(
      `run ${runId} to end`,
      async () => {
        const row = await getDb().run.findUniqueOrThrow({ where: { id: runId }, select: { status: true } });
        return ["completed", "failed", "cancelled"].includes(row.status) ? row : undefined;
      },
      30_000,
      200,
    );
    expect(run.status).toBe("completed");
    expect(rig.server.hits("GET /fast?cluster-a")).toBe(1);
    expect(rig.server.hits("GET /slow?cluster-b")).toBe(2);
    const events = await listEvents(runId);
    expect(events.map((event) => event.seq)).toEqual(events.map((_, index) => index + 1));
    expect(events.find((event) => event.type === "run.resumed")?.payload).toMatchObject({
      completedNodeIds: ["entry", "a"],
    });
  });
});
