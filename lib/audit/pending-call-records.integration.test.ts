/**
 * A call's record trails its answer, and a run's end waits for the records it is owed: the count
 * in real Redis, and a real run (agent → Wait tool, through the gateway and workers) that cannot
 * write its end while a record is still owed, then ends with its log whole once it is stored.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sharedRedis } from "../queue/redis";
import { listEvents } from "../runs/read-events";
import { graphEdge, graphNode } from "../testing/fixtures";
import { startWorkflowRun } from "../testing/run-workflow";
import { startTestStack, type TestStack } from "../testing/test-stack";
import { waitFor, waitForEvent } from "../testing/wait-for";
import { waitForRun } from "../testing/wait-for-run";
import { awaitCallRecords, EARLY_HOLD_MS, holdRunEnd, holdWhileCalling, releaseRunEnd } from "./pending-call-records";

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack.close();
});

/** "settled" if the promise settles within `ms`, "waiting" if not. */
async function settledWithin(promise: Promise<unknown>, ms: number): Promise<"settled" | "waiting"> {
  return Promise.race([
    promise.then(() => "settled" as const),
    new Promise<"waiting">((resolve) => setTimeout(() => resolve("waiting"), ms)),
  ]);
}

describe("records owed by a run", () => {
  it("lets the end go at once when nothing is owed, and waits while anything is", async () => {
    const redis = sharedRedis();
    const runId = `pending-${Date.now()}`;
    expect(await settledWithin(awaitCallRecords(redis, runId), 200)).toBe("settled");

    await holdRunEnd(redis, runId);
    await holdRunEnd(redis, runId);
    const ending = awaitCallRecords(redis, runId);
    expect(await settledWithin(ending, 150)).toBe("waiting");
    await releaseRunEnd(redis, runId);
    expect(await settledWithin(ending, 150)).toBe("waiting");
    await releaseRunEnd(redis, runId);
    expect(await settledWithin(ending, 500)).toBe("settled");
  });

  it("gives up on a record a dead gateway will never store, after its timeout", async () => {
    const redis = sharedRedis();
    const runId = `pending-dead-${Date.now()}`;
    await holdRunEnd(redis, runId);
    const started = Date.now();
    await awaitCallRecords(redis, runId, 300);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(await redis.exists(`run:{${runId}}:pending-call-records`)).toBe(0);
  });

  it("holds the end from the moment a quick call goes out, and lets a slow call's hold go", async () => {
    const redis = sharedRedis();
    const runId = `pending-early-${Date.now()}`;
    const quick = holdWhileCalling(redis, runId);
    expect(await quick.claim()).toBe(true); // the record may go behind this hold
    const ending = awaitCallRecords(redis, runId);
    expect(await settledWithin(ending, 150)).toBe("waiting");
    await releaseRunEnd(redis, runId);
    expect(await settledWithin(ending, 500)).toBe("settled");

    const slow = holdWhileCalling(redis, runId);
    await new Promise((resolve) => setTimeout(resolve, EARLY_HOLD_MS + 300));
    // A run ending while a slow tool (or a person) is still at work does not wait for it.
    expect(await settledWithin(awaitCallRecords(redis, runId), 200)).toBe("settled");
    expect(await slow.claim()).toBe(false); // its record is held anew once it has its answer
  });

  it("keeps a real run from ending while a call's record is owed", async () => {
    const runId = await startWorkflowRun(stack, {
      nodes: [
        graphNode("entry", "core.entry"),
        graphNode("agent", "core.agent", {
          params: {
            provider: "scripted",
            script: { toolCalls: [{ tool: "pause", args: { seconds: 0.5 } }], finalText: "waited" },
          },
        }),
        graphNode("pause", "core.wait", { label: "Pause", mode: "tool" }),
      ],
      edges: [graphEdge("entry", "output", "agent", "input"), graphEdge("pause", "tool", "agent", "tools")],
    });
    // While the tool waits, the test owes the run a record too, as a gateway does between answer and record.
    await waitForEvent(runId, (event) => event.type === "tool.call.started");
    await holdRunEnd(sharedRedis(), runId);
    // The agent gets its answer and takes its last step; the run must not write its end.
    await waitForEvent(runId, (event) => event.type === "agent.step" && event.payload.iteration === 2);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await (await stack.fetch(`/api/runs/${runId}`)).json()).status).toBe("running");

    await releaseRunEnd(sharedRedis(), runId);
    expect((await waitForRun(stack, runId)).status).toBe("completed");
    const events = await listEvents(runId);
    const completed = events.find((event) => event.type === "tool.call.completed")!;
    expect(completed.payload).toMatchObject({ toolName: "pause", isError: false });
    expect(completed.seq).toBeLessThan(events.find((event) => event.type === "run.completed")!.seq);
    await waitFor(
      "the count to be dropped",
      async () => ((await sharedRedis().exists(`run:{${runId}}:pending-call-records`)) === 0 ? true : undefined),
      2_000,
    );
  });
});
