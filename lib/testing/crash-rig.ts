/**
 * What the crash tests share (durability, durable agents, suspended runs): a counting HTTP server,
 * a web stack (the gateway) with no workers of its own, worker processes a test may SIGKILL — all
 * torn down after each test or file — and a way to start a run of a graph stored as a workflow.
 */
import { afterAll, afterEach, beforeAll } from "vitest";
import { startRun } from "../runs/start-run";
import type { WorkflowGraph } from "../workflow/graph";
import { createWorkflow } from "../workflow-store/repository";
import { startCountingServer, type CountingServer } from "./counting-server";
import { startTestStack, type TestStack } from "./test-stack";
import { startWorkerProcess, type WorkerProcess } from "./worker-process";

export type CrashRig = {
  readonly server: CountingServer;
  readonly web: TestStack;
  /** A worker process, ready, killed after the test if it is still alive. */
  worker: (name: string) => Promise<WorkerProcess>;
  /** Stores `graph` as a workflow named `name` and starts a run of it with `input`: the run's id. */
  startGraph: (graph: WorkflowGraph, input?: unknown, name?: string) => Promise<string>;
};

/** Registers the rig's hooks in the calling test file; `setup` runs once after the stack is up. */
export function crashRig(setup?: () => Promise<void>): CrashRig {
  let server: CountingServer | undefined;
  let web: TestStack | undefined;
  const workers: WorkerProcess[] = [];
  beforeAll(async () => {
    server = await startCountingServer();
    web = await startTestStack({ workers: false }); // the gateway the worker processes' agents talk to
    await setup?.();
  });
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((worker) => worker.kill()));
  });
  afterAll(async () => {
    await web?.close();
    await server?.close();
  });
  return {
    get server() {
      if (!server) throw new Error("crashRig: the counting server starts in beforeAll");
      return server;
    },
    get web() {
      if (!web) throw new Error("crashRig: the web stack starts in beforeAll");
      return web;
    },
    worker: async (name) => {
      const started = startWorkerProcess({ SWITCHBOARD_URL: web!.url }, name);
      workers.push(started);
      await started.ready;
      return started;
    },
    startGraph: async (graph, input, name = "crash test") => {
      const { id } = await createWorkflow(name, graph);
      const started = await startRun(id, input);
      if (!started.ok) throw new Error(started.message);
      return started.runId;
    },
  };
}
