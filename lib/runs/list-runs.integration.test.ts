/**
 * The run history over the real HTTP API: newest first, per workflow and across workflows,
 * filters, cursor paging that neither skips nor repeats, tokens summed from usage events, and
 * bad parameters answered with a 400 that names them.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { graphEdge, graphNode } from "../testing/fixtures";
import { startTestStack, type TestStack } from "../testing/test-stack";
import { waitForRun } from "../testing/wait-for-run";
import type { RunPage } from "./list-runs";

let stack: TestStack;
let workflowId = "";
let otherWorkflowId = "";
const runIds: string[] = [];

async function createWorkflow(name: string, finalText: string): Promise<string> {
  const graph = {
    name,
    nodes: [
      graphNode("entry", "core.entry"),
      graphNode("step", "core.llm", {
        params: { provider: "scripted", script: { toolCalls: [], finalText }, prompt: "{{input}}" },
      }),
    ],
    edges: [graphEdge("entry", "output", "step", "input")],
  };
  const response = await stack.fetch("/api/workflows", {
    method: "POST",
    body: JSON.stringify({ ...graph, publish: true }),
  });
  return ((await response.json()) as { id: string }).id;
}

async function startAndFinish(id: string, input: unknown): Promise<string> {
  const response = await stack.fetch(`/api/workflows/${id}/runs`, { method: "POST", body: JSON.stringify({ input }) });
  const { runId } = (await response.json()) as { runId: string };
  expect((await waitForRun(stack, runId)).status).toBe("completed");
  return runId;
}

async function list(path: string): Promise<{ status: number; body: RunPage & { error?: string } }> {
  const response = await stack.fetch(path);
  return { status: response.status, body: await response.json() };
}

beforeAll(async () => {
  stack = await startTestStack();
  workflowId = await createWorkflow("history", "answer to {{input}}");
  otherWorkflowId = await createWorkflow("history other", "other");
  for (const input of ["one", "two", "three"]) runIds.push(await startAndFinish(workflowId, input));
  await startAndFinish(otherWorkflowId, "elsewhere");
});
afterAll(() => stack.close());

describe("GET /api/workflows/{id}/runs", () => {
  it("lists the workflow's runs newest first with status, duration and tokens", async () => {
    const { status, body } = await list(`/api/workflows/${workflowId}/runs`);
    expect(status).toBe(200);
    expect(body.runs.map((run) => run.id)).toEqual([...runIds].reverse());
    for (const run of body.runs) {
      expect(run).toMatchObject({ workflowId, workflowName: "history", status: "completed", error: null });
      expect(run.durationMs).toBe(Date.parse(run.finishedAt!) - Date.parse(run.startedAt!));
      expect(run.totalTokens).toBeGreaterThan(0); // the scripted model reports usage
    }
    expect(body.nextCursor).toBeNull();
  });

  it("says a run started without input was given the Entry's default input", async () => {
    const response = await stack.fetch("/api/workflows", {
      method: "POST",
      body: JSON.stringify({
        name: "history default",
        publish: true,
        nodes: [
          graphNode("entry", "core.entry", { params: { defaultInput: "what the Entry says" } }),
          graphNode("out", "core.output"),
        ],
        edges: [graphEdge("entry", "output", "out", "value")],
      }),
    });
    const { id } = (await response.json()) as { id: string };
    const given = await startAndFinish(id, "given");
    const started = await stack.fetch(`/api/workflows/${id}/runs`, { method: "POST", body: "{}" });
    const { runId: defaulted } = (await started.json()) as { runId: string };
    await waitForRun(stack, defaulted);
    const { body } = await list(`/api/workflows/${id}/runs`);
    const byId = new Map(body.runs.map((run) => [run.id, run]));
    expect(byId.get(defaulted)).toMatchObject({ inputPreview: null, defaultInputPreview: "what the Entry says" });
    expect(byId.get(given)).toMatchObject({ inputPreview: '"given"', defaultInputPreview: null });
  });

  it("pages with a cursor, never repeating or skipping a run", async () => {
    const first = await list(`/api/workflows/${workflowId}/runs?limit=2`);
    expect(first.body.runs.map((run) => run.id)).toEqual([runIds[2], runIds[1]]);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const second = await list(`/api/workflows/${workflowId}/runs?limit=2&cursor=${first.body.nextCursor}`);
    expect(second.body.runs.map((run) => run.id)).toEqual([runIds[0]]);
    expect(second.body.nextCursor).toBeNull();
  });

  it("answers 404 for a workflow that does not exist", async () => {
    expect((await list("/api/workflows/nope/runs")).status).toBe(404);
  });
});

describe("GET /api/runs", () => {
  it("lists runs across workflows and filters by workflow, status and date", async () => {
    const all = await list("/api/runs?limit=100");
    const ids = all.body.runs.map((run) => run.id);
    for (const id of runIds) expect(ids).toContain(id);
    expect(all.body.runs.some((run) => run.workflowId === otherWorkflowId)).toBe(true);

    const onlyOther = await list(`/api/runs?workflowId=${otherWorkflowId}`);
    expect(onlyOther.body.runs.map((run) => run.workflowName)).toEqual(["history other"]);
    expect((await list(`/api/runs?workflowId=${workflowId}&status=failed`)).body.runs).toEqual([]);
    expect((await list(`/api/runs?workflowId=${workflowId}&status=completed`)).body.runs).toHaveLength(3);
    const tomorrow = new Date(Date.now() + 24 * 3600 * 1000).toISOString();
    expect((await list(`/api/runs?workflowId=${workflowId}&since=${tomorrow}`)).body.runs).toEqual([]);
    expect((await list(`/api/runs?workflowId=${workflowId}&until=${tomorrow}`)).body.runs).toHaveLength(3);
  });

  it("names the parameter that is wrong", async () => {
    const badStatus = await list("/api/runs?status=exploded");
    expect(badStatus.status).toBe(400);
    expect(badStatus.body.error).toMatch(/^status:/);
    const badLimit = await list("/api/runs?limit=5000");
    expect(badLimit.status).toBe(400);
    expect(badLimit.body.error).toMatch(/^limit:/);
    const badCursor = await list("/api/runs?cursor=garbage");
    expect(badCursor.status).toBe(400);
    expect(badCursor.body.error).toMatch(/cursor/);
    expect((await list("/api/runs?since=yesterday-ish")).body.error).toMatch(/^since:/);
  });
});
