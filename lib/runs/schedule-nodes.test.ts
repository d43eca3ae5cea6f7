/** The scheduler: nodes start when their dependencies are done, up to the limit; a failure stops the siblings. */
import { describe, expect, it } from "vitest";
import type { CompiledNode, CompiledWorkflow } from "../workflow/compile";
import { scheduleNodes } from "./schedule-nodes";

function plan(dependencies: Record<string, string[]>): CompiledWorkflow {
  const nodes = Object.fromEntries(
    Object.entries(dependencies).map(([id, dependsOn]) => [
      id,
      {
        id,
        type: "t",
        label: id,
        mode: "normal",
        params: {},
        inputs: {},
        dependsOn,
        connectedToolNodeIds: [],
        agentInputs: [],
      } satisfies CompiledNode,
    ]),
  );
  return { order: Object.keys(dependencies), nodes, outputNodeIds: [] };
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => (clearTimeout(timer), reject(signal.reason)), { once: true });
  });

describe("scheduleNodes", () => {
  it("runs independent branches at the same time and a join after both", async () => {
    const log: string[] = [];
    let running = 0;
    let peak = 0;
    await scheduleNodes(
      plan({ a: [], b: ["a"], c: ["a"], d: ["b", "c"] }),
      new Set(),
      async (id) => {
        running++;
        peak = Math.max(peak, running);
        log.push(`start ${id}`);
        await sleep(20);
        log.push(`end ${id}`);
        running--;
      },
      { concurrency: 4, signal: new AbortController().signal },
    );
    expect(peak).toBe(2);
    expect(log.indexOf("start d")).toBeGreaterThan(Math.max(log.indexOf("end b"), log.indexOf("end c")));
  });

  it("keeps to the concurrency limit", async () => {
    let running = 0;
    let peak = 0;
    await scheduleNodes(
      plan({ a: [], b: [], c: [], d: [], e: [] }),
      new Set(),
      async () => {
        peak = Math.max(peak, ++running);
        await sleep(10);
        running--;
      },
      { concurrency: 2, signal: new AbortController().signal },
    );
    expect(peak).toBe(2);
  });

  it("skips nodes already done (a resumed run) and starts from what they unblock", async () => {
    const ran: string[] = [];
    await scheduleNodes(plan({ a: [], b: ["a"], c: ["b"] }), new Set(["a", "b"]), async (id) => void ran.push(id), {
      concurrency: 4,
      signal: new AbortController().signal,
    });
    expect(ran).toEqual(["c"]);
  });

  it("throws the first failure after aborting and waiting for the siblings, and starts nothing after it", async () => {
    const ran: string[] = [];
    let siblingAborted = false;
    const failing = scheduleNodes(
      plan({ slow: [], bad: [], after: ["bad"] }),
      new Set(),
      async (id, signal) => {
        ran.push(id);
        if (id === "bad") throw new Error("bad broke");
        if (id === "slow") await sleep(1000, signal).catch((error) => ((siblingAborted = true), Promise.reject(error)));
      },
      { concurrency: 4, signal: new AbortController().signal },
    );
    await expect(failing).rejects.toThrow("bad broke");
    expect(siblingAborted).toBe(true);
    expect(ran).not.toContain("after");
  });

  it("stops with the run's abort reason when the run is cancelled", async () => {
    const run = new AbortController();
    const scheduled = scheduleNodes(plan({ a: [], b: ["a"] }), new Set(), async (_id, signal) => sleep(1000, signal), {
      concurrency: 1,
      signal: run.signal,
    });
    run.abort(new Error("cancelled"));
    await expect(scheduled).rejects.toThrow("cancelled");
  });
});
