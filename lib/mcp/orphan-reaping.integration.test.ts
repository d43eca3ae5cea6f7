/**
 * No MCP process outlives its run even when the worker that spawned it is SIGKILLed mid-run: a
 * real worker process (workers/main.ts) runs an agent that is mid-call on a stdio server, it is
 * killed, and the next worker started on this machine reaps the orphaned process group.
 */
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { createRedis } from "../queue/redis";
import { listEvents } from "../runs/read-events";
import { graphEdge, graphNode } from "../testing/fixtures";
import { everythingWithHelper, processesWith } from "../testing/mcp-peers";
import { startWorkflowRun } from "../testing/run-workflow";
import { startTestStack, type TestStack } from "../testing/test-stack";
import { PROCESSES_KEY } from "./process-reaper";

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

async function waitFor<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("orphaned MCP processes", () => {
  it("are reaped after their worker is SIGKILLed mid-run", { timeout: 90_000 }, async () => {
    const tag = `mcp-test-orphan-${process.pid}-${Date.now()}`;
    const first = await startWorkerProcess();
    const runId = await startWorkflowRun(stack.url, {
      nodes: [
        graphNode("entry", "core.entry"),
        graphNode("agent", "core.agent", { params: { provider: "scripted", script: { toolCalls: [{ tool: "slow__trigger-long-running-operation", args: { duration: 60, steps: 2 } }] } } }),
        graphNode("slow", "mcp.server", { mode: "tool", params: everythingWithHelper(tag) }),
      ],
      edges: [graphEdge("entry", "output", "agent", "input"), graphEdge("slow", "tool", "agent", "tools")],
    });
    await waitFor("the agent's tool call", async () => ((await listEvents(runId)).some((e) => e.type === "tool.call.started") ? true : undefined), 30_000);
    const before = processesWith(tag);
    expect(before).toHaveLength(2); // the launcher (the server) and its helper
    const recorded = Object.values(await redis.hgetall(PROCESSES_KEY)).map((raw) => JSON.parse(raw) as { runId: string; pgid: number });
    expect(recorded).toContainEqual(expect.objectContaining({ runId, pgid: before[0] }));

    killGroup(first);
    await new Promise((resolve) => first.once("exit", resolve));
    // The worker is dead; the server may exit on stdin's end, its helper does not: only the reaper will end it.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(processesWith(tag).length).toBeGreaterThan(0);

    await startWorkerProcess();
    await waitFor("the orphan to be reaped", () => (processesWith(tag).length === 0 ? true : undefined), 30_000);
    expect(processesWith(tag)).toEqual([]);
    const left = Object.values(await redis.hgetall(PROCESSES_KEY)).map((raw) => JSON.parse(raw) as { runId: string });
    expect(left.filter((record) => record.runId === runId)).toEqual([]);
  });
});
