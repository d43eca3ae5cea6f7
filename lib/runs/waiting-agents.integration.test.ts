/**
 * Agents waiting on a model or a tool hold no fixed worker slot: one in-process worker with its default concurrency
 * has far more agents waiting at once than the 32 slots it once had. The model and the tool each hold their callers
 * until all the agents are waiting on them together (or a timeout passes, and then too few did), so the test fails on
 * a worker that caps waiting runs, however fast or slow the machine. Expressions stay bounded by their own pool.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeChatCompletions } from "../testing/fake-chat-completions";
import { graphEdge, graphNode } from "../testing/fixtures";
import { startTestStack, type TestStack } from "../testing/test-stack";
import { waitFor } from "../testing/wait-for";
import { sql } from "../db/sql";
import { startWorkers, type RunningWorkers } from "./start-workers";

const AGENTS = 100; // well above the old 32 slots
const GATHER_MS = 60_000;

/**
 * Holds each caller until `count` are waiting together (or `GATHER_MS` passed since the first came); `most` is the
 * most at once.
 */
function gathering(count: number) {
  let open = 0;
  let most = 0;
  let release!: () => void;
  const all = new Promise<void>((resolve) => (release = resolve));
  let timeout: NodeJS.Timeout | undefined;
  return {
    wait: async () => {
      timeout ??= setTimeout(release, GATHER_MS);
      most = Math.max(most, ++open);
      if (open >= count) release();
      await all;
      open--;
    },
    most: () => most,
    close: () => clearTimeout(timeout),
  };
}

let stack: TestStack;
let workers: RunningWorkers;
beforeAll(async () => {
  stack = await startTestStack({ workers: false });
  workers = await startWorkers(); // the defaults a worker process runs with
});
afterAll(async () => {
  await workers.close();
  await stack.close();
});

describe("agents waiting on a slow model and a slow tool", () => {
  it(`has all ${AGENTS} waiting at once on one worker, and every run completes`, async () => {
    const modelWait = gathering(AGENTS);
    const toolWait = gathering(AGENTS);
    const tool = createServer((_req, res) => void toolWait.wait().then(() => res.end("slow tool answered")));
    await new Promise<void>((resolve) => tool.listen(0, "127.0.0.1", resolve));
    const toolUrl = `http://127.0.0.1:${(tool.address() as AddressInfo).port}/slow`;
    const model = await startFakeChatCompletions(
      [{ toolCall: { name: "http_request", arguments: { url: toolUrl } } }, { text: "done" }],
      { byStep: true, thinkMs: (reply) => ("toolCall" in reply ? modelWait.wait() : 0) },
    );
    try {
      const created = await stack.fetch("/api/workflows", {
        method: "POST",
        body: JSON.stringify({
          name: "waiting agents",
          publish: true,
          nodes: [
            graphNode("entry", "core.entry"),
            graphNode("agent", "core.agent", {
              params: { provider: "openai-compatible", baseUrl: model.baseUrl, model: "slow", prompt: "{{input}}" },
            }),
            graphNode("http", "core.http.request", { label: "HTTP Request", mode: "tool" }),
            graphNode("shape", "core.transform", {
              params: { mode: "jsonata", expression: '{ "answer": $ }' },
            }),
          ],
          edges: [
            graphEdge("entry", "output", "agent", "input"),
            graphEdge("http", "tool", "agent", "tools"),
            graphEdge("agent", "text", "shape", "input"),
          ],
        }),
      });
      expect(created.status).toBe(201);
      const { id } = (await created.json()) as { id: string };
      const runIds = await Promise.all(
        Array.from({ length: AGENTS }, async (_, index) => {
          const started = await stack.fetch(`/api/workflows/${id}/runs`, {
            method: "POST",
            body: JSON.stringify({ input: `question ${index}` }),
          });
          expect(started.status).toBe(201);
          return ((await started.json()) as { runId: string }).runId;
        }),
      );
      // One query for all of them: a hundred pollers would load the machine the test measures.
      const ends = await waitFor(
        `${AGENTS} runs to end`,
        async () => {
          const ended = await sql<{ status: string; error: string | null; output: unknown }>`
            SELECT status::text AS status, error, output FROM "Run"
            WHERE id = ANY(${runIds}::text[]) AND status IN ('completed', 'failed', 'cancelled')`;
          return ended.length === runIds.length ? ended : undefined;
        },
        120_000,
        250,
      );
      expect(ends.filter((end) => end.status !== "completed").map((end) => end.error)).toEqual([]);
      expect(ends.every((end) => JSON.stringify(end.output) === JSON.stringify({ result: { answer: "done" } }))).toBe(
        true,
      );
      expect(modelWait.most()).toBe(AGENTS);
      expect(model.maxInFlight()).toBeGreaterThanOrEqual(AGENTS);
      expect(toolWait.most()).toBe(AGENTS);
    } finally {
      modelWait.close();
      toolWait.close();
      model.close();
      tool.closeAllConnections();
      tool.close();
    }
  }, 180_000);
});
