/**
 * Drafts and published versions through the real routes, database, queue and worker: a workflow never published
 * has nothing live (its webhook answers like a missing one, the API refuses to run it); Publish makes version 1,
 * which the webhook runs while the draft changes, until version 2 is published; each run records its version;
 * the history lists versions and draft saves with their authors; restoring version 1 changes the draft, not what
 * is live; two publishes at once get two numbers; a draft that does not compile is not published.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { graphEdge, graphNode } from "../testing/fixtures";
import { startTestStack, type TestStack } from "../testing/test-stack";
import { waitForRun } from "../testing/wait-for-run";
import type { WorkflowGraph } from "../workflow/graph";
import { saveWorkflowVersion } from "./repository";

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(() => stack.close());

const answering = (answer: string): Pick<WorkflowGraph, "nodes" | "edges"> => ({
  nodes: [
    graphNode("hook", "trigger.webhook", { label: "Hook", params: { respond: "immediately" } }),
    graphNode("entry", "core.entry"),
    graphNode("answer", "core.transform", { params: { mode: "jsonata", expression: `"${answer}"` } }),
  ],
  edges: [graphEdge("hook", "output", "answer", "input"), graphEdge("entry", "output", "answer", "input")],
});

async function call(method: string, path: string, body?: unknown) {
  const response = await stack.fetch(path, { method, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: response.status, body: (await response.json().catch(() => null)) as Record<string, unknown> };
}

/** Calls the webhook with the editor's API key, as a service would; answers the finished run's output and version. */
async function runByWebhook(workflowId: string) {
  const hooked = await call("POST", `/api/hooks/${workflowId}/hook`, {});
  expect(hooked.status, JSON.stringify(hooked.body)).toBe(202);
  const runId = String(hooked.body.runId);
  const run = await waitForRun(stack, runId);
  const { version } = await getDb().run.findUniqueOrThrow({ where: { id: runId }, select: { version: true } });
  return { output: run.output, version };
}

const saveDraft = (workflowId: string, graph: Pick<WorkflowGraph, "nodes" | "edges">) =>
  saveWorkflowVersion(workflowId, { graph }, null, { id: stack.account.userId, name: "Dana" });

describe("drafts and published versions", () => {
  it("runs the published version live while the draft changes, and records which version each run ran", async () => {
    const created = await call("POST", "/api/workflows", { name: "versions", ...answering("one") });
    expect(created.body).toMatchObject({ publishedVersion: null });
    const workflowId = String(created.body.id);

    // Never published: nothing is live (its editor's key is told why; a stranger gets the same 401 as ever).
    expect(await call("POST", `/api/hooks/${workflowId}/hook`, {})).toMatchObject({
      status: 404,
      body: { error: expect.stringMatching(/draft's webhooks are not live/) },
    });
    const refused = await call("POST", `/api/workflows/${workflowId}/runs`, {});
    expect(refused).toMatchObject({ status: 409, body: { error: expect.stringMatching(/never been published/) } });

    expect(await call("POST", `/api/workflows/${workflowId}/publish`, { note: "first" })).toMatchObject({
      status: 201,
      body: { number: 1 },
    });
    await saveDraft(workflowId, answering("two"));
    expect(await runByWebhook(workflowId)).toMatchObject({ version: 1 });
    const draftRun = await call("POST", `/api/workflows/${workflowId}/runs`, { version: "draft" });
    expect(draftRun.status).toBe(201);
    const draftFinished = await waitForRun(stack, String(draftRun.body.runId));
    expect(JSON.stringify(draftFinished.output)).toContain("two");
    const draftRow = await getDb().run.findUniqueOrThrow({ where: { id: String(draftRun.body.runId) } });
    expect(draftRow.version).toBeNull();
    // Who started it is kept with the run: the API key's owner.
    expect(draftRow.trigger).toMatchObject({ kind: "api", by: { userId: stack.account.userId, via: "api-key" } });

    expect((await call("POST", `/api/workflows/${workflowId}/publish`, {})).body).toMatchObject({ number: 2 });
    const second = await runByWebhook(workflowId);
    expect(second.version).toBe(2);
    expect(JSON.stringify(second.output)).toContain("two");

    const history = await call("GET", `/api/workflows/${workflowId}/versions`);
    expect(history.body).toMatchObject({
      live: 2,
      versions: [
        { number: 2, live: true, note: "" },
        { number: 1, live: false, note: "first" },
      ],
      draftSaves: [{ authorName: "Dana" }],
    });
    const v1 = await call("GET", `/api/workflows/${workflowId}/versions/1`);
    expect(JSON.stringify(v1.body.graph)).toContain('\\"one\\"');
  });

  it("restores a version as the draft without changing what is live", async () => {
    const created = await call("POST", "/api/workflows", { name: "restore", publish: true, ...answering("one") });
    const workflowId = String(created.body.id);
    expect(created.body.publishedVersion).toBe(1);
    await saveDraft(workflowId, answering("two"));
    await call("POST", `/api/workflows/${workflowId}/publish`, {});

    const restored = await call("POST", `/api/workflows/${workflowId}/versions/1/restore`);
    expect(restored.status).toBe(200);
    const draft = await getDb().workflow.findUniqueOrThrow({ where: { id: workflowId } });
    expect(JSON.stringify(draft.graph)).toContain('\\"one\\"');
    expect(draft.publishedVersion).toBe(2);
    expect(JSON.stringify((await runByWebhook(workflowId)).output)).toContain("two");

    expect((await call("POST", `/api/workflows/${workflowId}/versions/9/restore`)).status).toBe(404);
    expect((await call("GET", `/api/workflows/${workflowId}/versions/first`)).status).toBe(400);
  });

  it("gives two publishes at once two numbers, and refuses a draft that does not compile", async () => {
    const created = await call("POST", "/api/workflows", { name: "busy", ...answering("one") });
    const workflowId = String(created.body.id);
    const both = await Promise.all([1, 2, 3].map(() => call("POST", `/api/workflows/${workflowId}/publish`, {})));
    expect(both.map((answer) => answer.body.number).sort()).toEqual([1, 2, 3]);

    await saveDraft(workflowId, { nodes: [graphNode("x", "no.such.component")], edges: [] });
    const broken = await call("POST", `/api/workflows/${workflowId}/publish`, {});
    expect(broken.status).toBe(400);
    expect(String(broken.body.error)).toMatch(/fix them before publishing/);
    expect((await getDb().workflow.findUniqueOrThrow({ where: { id: workflowId } })).publishedVersion).toBe(3);
  });
});
