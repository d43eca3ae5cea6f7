/**
 * The live stream loses nothing: 20 writers recording at once (as parallel tool calls do, from
 * several processes) publish their batches out of seq order, and every SSE client — watching
 * from the start, joining midway, reconnecting with Last-Event-ID — receives exactly the stored
 * log, once each, in order.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { createRedis } from "../queue/redis";
import { storeRun } from "../testing/fixtures";
import { shareWorkflow } from "../testing/share-workflow";
import { startTestStack, type TestStack } from "../testing/test-stack";
import type { RunEvent } from "./events";
import { listEvents } from "./read-events";
import { createEventRecorder } from "./record-event";

const redis = createRedis();
let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack({ workers: false, role: "viewer" });
});
afterAll(async () => {
  await stack.close();
  redis.disconnect();
});

/** Reads an SSE response to its end (the terminal event closes it) and returns the events' seqs. */
async function receivedSeqs(runId: string, lastEventId?: number): Promise<number[]> {
  const response = await stack.fetch(`/api/runs/${runId}/events`, {
    headers: lastEventId ? { "last-event-id": String(lastEventId) } : {},
  });
  expect(response.status).toBe(200);
  const text = await response.text();
  return text
    .split("\n\n")
    .flatMap((block) => block.split("\n").filter((line) => line.startsWith("data: ")))
    .map((line) => (JSON.parse(line.slice(6)) as RunEvent).seq);
}

it("every client gets every event exactly once, in order, however many writers race", async () => {
  const { runId, workflowId } = await storeRun({ nodes: [], edges: [] });
  await shareWorkflow(workflowId, stack.account.userId, "viewer");
  const fromStart = receivedSeqs(runId);
  await new Promise((resolve) => setTimeout(resolve, 100));

  const writers = Array.from({ length: 20 }, () => createEventRecorder(redis, runId));
  const burst = (round: number) =>
    Promise.all(
      writers.map((record, writer) =>
        record({ type: "log", payload: { level: "info", message: `writer ${writer} round ${round}` } }),
      ),
    );
  for (let round = 0; round < 5; round++) await burst(round);
  const midway = receivedSeqs(runId);
  const reconnecting = receivedSeqs(runId, 40);
  for (let round = 5; round < 10; round++) await burst(round);
  await createEventRecorder(redis, runId)({ type: "run.completed", payload: { output: null, durationMs: 1 } });

  const stored = (await listEvents(runId)).map((event) => event.seq);
  expect(stored).toEqual(Array.from({ length: 201 }, (_, i) => i + 1));
  expect(await fromStart).toEqual(stored);
  expect(await midway).toEqual(stored);
  expect(await reconnecting).toEqual(stored.filter((seq) => seq > 40));
  expect(await receivedSeqs(runId)).toEqual(stored); // after the end: a replay, then closed
}, 30_000);
