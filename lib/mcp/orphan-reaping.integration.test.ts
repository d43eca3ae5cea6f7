/**
 * MCP with several real worker processes (workers/main.ts). Calls to a stdio server reach the one
 * worker that owns its process, however many compete on the shared queue. And no MCP process
 * outlives its run even when the worker that spawned it is SIGKILLed mid-run: its sandbox dies with
 * the worker, and the next worker started on this machine reaps the orphaned process group's record.
 */
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { createRedis } from "../queue/redis";
import { graphEdge, graphNode, storeRun } from "../testing/fixtures";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { createSessionToken } from "../gateway/session-token";
import { callMcpTool } from "../gateway/call-mcp-tool";
import { getRegisteredTool, toolTarget } from "../registry/registry";
import { startWorkers } from "../runs/start-workers";
import { everythingStdio, everythingWithHelper, processesWith } from "../testing/mcp-peers";
import { ancestorsOf, anyAlive } from "../testing/host-processes";
import { registerMcpNode } from "./register-mcp-node";
import { teardownRunMcp } from "./teardown";
import { ownerQueueName } from "./worker-identity";
import { startWorkflowRun } from "../testing/run-workflow";
import { startTestStack, type TestStack } from "../testing/test-stack";
import { PROCESSES_KEY } from "./process-reaper";
import { waitFor, waitForEvent } from "../testing/wait-for";

const root = path.resolve(import.meta.dirname, "../..");
const redis = createRedis();
let stack: TestStack;
const workers: ChildProcess[] = [];
const startedAt = new Date();

/** A worker process of its own, in its own process group, the way `npm run worker` starts one. */
async function startWorkerProcess(): Promise<ChildProcess> {
  const child = spawn(path.join(root, "node_modules/.bin/tsx"), ["--conditions=react-server", "workers/main.ts"], {
    cwd: root,
    env: { ...process.env, SWITCHBOARD_URL: stack.url },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  workers.push(child);
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("worker did not start in 30 s")), 30_000);
    child.stdout!.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("worker ready")) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once("exit", (code) => reject(new Error(`worker exited with ${code}`)));
  });
  return child;
}

/**
 * The process groups recorded for a run that hold these programs: each is the pid of a sandbox's
 * bubblewrap monitor, an ancestor of the program (or, once the programs are gone, one of `known`).
 */
async function recordedBoxesOf(runId: string, programs: number[], known: number[] = []): Promise<number[]> {
  const above = new Set([...programs.flatMap(ancestorsOf), ...programs, ...known]);
  const recorded = Object.values(await redis.hgetall(PROCESSES_KEY)).map(
    (raw) => JSON.parse(raw) as { runId: string; pgid: number },
  );
  return recorded.filter((record) => record.runId === runId && above.has(record.pgid)).map((record) => record.pgid);
}

const killGroup = (child: ChildProcess) => {
  try {
    process.kill(-child.pid!, "SIGKILL");
  } catch {
    // already gone
  }
};

beforeAll(async () => {
  stack = await startTestStack({ workers: false });
});
afterAll(async () => {
  workers.forEach(killGroup);
  await getDb().workflow.deleteMany({ where: { createdAt: { gte: startedAt } } });
  redis.disconnect();
  await stack.close();
});

describe("stdio calls with several workers", () => {
  it("go to the worker that owns the server's process, never to another worker", { timeout: 90_000 }, async () => {
    const tag = `mcp-test-owner-${process.pid}-${Date.now()}`;
    const other = await startWorkerProcess(); // competes for every job on the shared tool-calls queue
    const local = await startWorkers({ runConcurrency: 1, toolCallConcurrency: 4 });
    const stored = await storeRun({
      nodes: [graphNode("everything", "mcp.server", { mode: "tool", params: everythingStdio(tag) })],
      edges: [],
    });
    const noEvents = async () => undefined;
    try {
      await registerMcpNode(redis, stored.runId, stored.plan.nodes.everything, noEvents);
      const registered = (await getRegisteredTool(redis, stored.runId, "everything"))!;
      expect(registered.ownerQueue).toBe(ownerQueueName());

      const token = await createSessionToken({
        runId: stored.runId,
        agentNodeId: "agent",
        allowedNodeIds: ["everything"],
      });
      const client = new Client({ name: "owner-test", version: "1.0.0" });
      await client.connect(
        new StreamableHTTPClientTransport(new URL(`${stack.url}/api/mcp/gateway`), {
          requestInit: { headers: { Authorization: `Bearer ${token}` } },
        }),
      );
      const results = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          client.callTool({ name: "everything__echo", arguments: { message: `call ${i}` } }),
        ),
      );
      expect(results.map((r) => r.isError)).toEqual(Array(12).fill(false));
      await client.close();

      // The same jobs on the shared queue reach the other worker too, which has no such server: that is why stdio calls
      // are routed.
      const misrouted = await Promise.all(
        Array.from({ length: 24 }, () =>
          callMcpTool(
            { ...registered, ownerQueue: undefined },
            {
              runId: stored.runId,
              nodeId: "everything",
              toolName: "echo",
              args: { message: "x" },
              target: toolTarget(registered),
            },
          ),
        ),
      );
      expect(
        misrouted.some((r) => r.isError && JSON.stringify(r.content).includes("is not running in this worker")),
      ).toBe(true);
    } finally {
      await teardownRunMcp(stored.runId, noEvents);
      await local.close();
      killGroup(other); // it must not take the next test's run
      await new Promise((resolve) => other.once("exit", resolve));
    }
    expect(processesWith(tag)).toEqual([]);
  });
});

describe("orphaned MCP processes", () => {
  it("are reaped after their worker is SIGKILLed mid-run", { timeout: 90_000 }, async () => {
    const tag = `mcp-test-orphan-${process.pid}-${Date.now()}`;
    const first = await startWorkerProcess();
    const runId = await startWorkflowRun(stack, {
      nodes: [
        graphNode("entry", "core.entry"),
        graphNode("agent", "core.agent", {
          params: {
            provider: "scripted",
            script: { toolCalls: [{ tool: "slow__trigger-long-running-operation", args: { duration: 60, steps: 2 } }] },
          },
        }),
        graphNode("slow", "mcp.server", { mode: "tool", params: everythingWithHelper(tag) }),
      ],
      edges: [graphEdge("entry", "output", "agent", "input"), graphEdge("slow", "tool", "agent", "tools")],
    });
    await waitForEvent(runId, (event) => event.type === "tool.call.started", 30_000);
    const before = processesWith(tag);
    expect(before).toHaveLength(2); // the launcher (the server) and its helper
    const boxes = await recordedBoxesOf(runId, before); // the sandbox's process group, recorded for the reaper
    expect(boxes.length).toBeGreaterThan(0);

    killGroup(first);
    await new Promise((resolve) => first.once("exit", resolve));
    // The sandbox dies with its worker (bubblewrap's --die-with-parent): the server and its helper, which ignores
    // stdin, alike.
    await waitFor("the dead worker's box to end", () => (anyAlive(before) ? undefined : true), 5_000);

    await startWorkerProcess();
    // The next worker on this machine still reaps what the dead worker recorded.
    await waitFor(
      "the orphan's record to be reaped",
      async () => ((await recordedBoxesOf(runId, before, boxes)).length === 0 ? true : undefined),
      30_000,
    );
    // End the run, so whatever it started again is torn down too and nothing outlives the test.
    await stack.fetch(`/api/runs/${runId}/cancel`, { method: "POST" });
    await waitFor(
      "the resumed run's server to be torn down",
      () => (processesWith(tag).length === 0 ? true : undefined),
      30_000,
    );
    expect(Object.values(await redis.hgetall(PROCESSES_KEY)).filter((raw) => raw.includes(runId))).toEqual([]);
  });
});

describe("orphaned agent programs", () => {
  it(
    "an External Agent's program is reaped after its worker is SIGKILLed, and the run fails naming the node",
    { timeout: 90_000 },
    async () => {
      const tag = `agent-program-orphan-${process.pid}-${Date.now()}`;
      // Only one worker may be able to take the run: the one this test kills (earlier tests leave theirs running).
      await Promise.all(
        workers
          .filter((worker) => worker.exitCode === null && worker.signalCode === null)
          .map((worker) => {
            const exited = new Promise((resolve) => worker.once("exit", resolve));
            killGroup(worker);
            return exited;
          }),
      );
      const first = await startWorkerProcess();
      const runId = await startWorkflowRun(stack, {
        nodes: [
          graphNode("entry", "core.entry"),
          graphNode("outside", "core.external.agent", {
            label: "Agent program",
            params: { mode: "process", command: "node", args: ["-e", "setInterval(() => {}, 1000)", tag] },
          }),
          graphNode("double", "core.code", { label: "Double", mode: "tool", params: { code: "return input * 2;" } }),
        ],
        edges: [graphEdge("entry", "output", "outside", "input"), graphEdge("double", "tool", "outside", "tools")],
      });
      await waitFor("the agent program to start", () => (processesWith(tag).length > 0 ? true : undefined), 30_000);
      const before = processesWith(tag);
      const boxes = await waitFor(
        "its process group to be recorded",
        async () => {
          const recorded = await recordedBoxesOf(runId, before);
          return recorded.length > 0 ? recorded : undefined;
        },
        10_000,
      );

      killGroup(first);
      await new Promise((resolve) => first.once("exit", resolve));
      // Its box dies with the worker (bubblewrap's --die-with-parent), before any other worker looks.
      await waitFor("the dead worker's agent program to end", () => (anyAlive(before) ? undefined : true), 5_000);

      await startWorkerProcess();
      await waitFor(
        "the orphan's record to be reaped",
        async () => ((await recordedBoxesOf(runId, before, boxes)).length === 0 ? true : undefined),
        30_000,
      );
      const run = await waitFor(
        "the run to end",
        async () => {
          const row = await getDb().run.findUniqueOrThrow({
            where: { id: runId },
            select: { status: true, error: true },
          });
          return row.status === "running" || row.status === "queued" ? undefined : row;
        },
        60_000,
      );
      expect(run).toMatchObject({ status: "failed", error: expect.stringContaining('"Agent program"') });
    },
  );
});
