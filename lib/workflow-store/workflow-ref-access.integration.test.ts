/**
 * A Workflow Tool (and an error workflow) may start only a workflow its person may run, over real HTTP against the
 * real routes, workers, Redis and PostgreSQL: an editor cannot save one naming a workflow not shared with them (the
 * same words as a missing one), cannot start a run of one an admin wired, nor a webhook-like run acting for them as the
 * owner; shared as a folder editor it saves and runs, and the child run acts for them; shared as a folder viewer it is
 * refused as read-only; and access taken away while the run waits stops the child at run time, naming the node.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { sql } from "../db/sql";
import { startRun } from "../runs/start-run";
import { apiClient, type ApiClient } from "../testing/api-client";
import { graphEdge, graphNode } from "../testing/fixtures";
import { shareWorkflow, TEST_ADMIN } from "../testing/share-workflow";
import { createTestAccount } from "../testing/test-accounts";
import { startTestStack, type TestStack } from "../testing/test-stack";
import { waitFor } from "../testing/wait-for";
import { waitForRun } from "../testing/wait-for-run";
import { setFolderMember } from "./folders";

let stack: TestStack;
let alice: ApiClient & { userId: string };
let bob: ApiClient & { userId: string; name: string };
/** Alice's workflow, published: what Bob's Workflow Tool tries to run. */
let target = "";

const toolGraph = (workflowId: string) => ({
  nodes: [
    graphNode("entry", "core.entry"),
    graphNode("tool", "core.workflow.tool", { label: "Alice's", params: { workflowId } }),
  ],
  edges: [graphEdge("entry", "output", "tool", "input")],
});

async function created(client: ApiClient, body: unknown): Promise<string> {
  const response = await client.fetch("/api/workflows", { method: "POST", body: JSON.stringify(body) });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** A workflow of Alice's, published, answering with its name. */
const alicePublishes = (name: string) =>
  created(alice, {
    name,
    publish: true,
    nodes: [graphNode("entry", "core.entry"), graphNode("out", "core.output", { params: { value: name } })],
    edges: [],
  });

async function client(role: "editor") {
  const account = await createTestAccount(role);
  const name = (await getDb().user.findUniqueOrThrow({ where: { id: account.userId } })).name;
  return { ...apiClient(stack.url, account.headers), userId: account.userId, name };
}

beforeAll(async () => {
  stack = await startTestStack({ runConcurrency: 6 });
  alice = await client("editor");
  bob = await client("editor");
  target = await alicePublishes("Alice's private workflow");
});
afterAll(() => stack?.close());

const errorOf = async (response: Response) => ((await response.json()) as { error: string }).error;

describe("saving a Workflow Tool", () => {
  it("is refused for a workflow not shared with the editor, naming the node and the field, as for a missing one", async () => {
    const refused = await bob.fetch("/api/workflows", { method: "POST", body: JSON.stringify(toolGraph(target)) });
    expect(refused.status).toBe(403);
    const words = await errorOf(refused);
    expect(words).toBe(
      `Node "Alice's" (tool) workflowId: workflow ${target} does not exist or is not shared with you: ` +
        "pick one you may run",
    );
    const missing = await bob.fetch("/api/workflows", { method: "POST", body: JSON.stringify(toolGraph("nope")) });
    expect(await errorOf(missing)).toBe(words.replace(target, "nope"));
    expect(await getDb().workflow.count({ where: { ownerId: bob.userId } })).toBe(0);
  });

  it("is refused over PUT and PATCH, and for an error workflow, leaving the draft as it was", async () => {
    const own = await created(bob, { name: "Bob's", nodes: [graphNode("entry", "core.entry")], edges: [] });
    const put = await bob.fetch(`/api/workflows/${own}`, {
      method: "PUT",
      body: JSON.stringify({ name: "Bob's", graph: toolGraph(target) }),
    });
    expect(put.status).toBe(403);
    expect(await errorOf(put)).toContain(`Node "Alice's" (tool) workflowId: workflow ${target} does not exist`);
    const patch = await bob.fetch(`/api/workflows/${own}`, {
      method: "PATCH",
      body: JSON.stringify({ settings: { errorWorkflowId: target } }),
    });
    expect(patch.status).toBe(403);
    expect(await errorOf(patch)).toContain(`settings.errorWorkflowId: workflow ${target} does not exist`);
    const stored = await getDb().workflow.findUniqueOrThrow({ where: { id: own } });
    expect(JSON.stringify(stored.graph)).not.toContain(target);
  });
});

describe("starting a run that names a workflow out of reach", () => {
  let wired = "";
  beforeAll(async () => {
    // An admin may wire any workflow into Bob's; Bob still may not run it through there.
    wired = await created(bob, { name: "Bob's wired", nodes: [graphNode("entry", "core.entry")], edges: [] });
    const put = await stack.fetch(`/api/workflows/${wired}`, {
      method: "PUT",
      body: JSON.stringify({ name: "Bob's wired", graph: toolGraph(target) }),
    });
    expect(put.status, await put.clone().text()).toBe(200);
    expect((await stack.fetch(`/api/workflows/${wired}/publish`, { method: "POST", body: "{}" })).status).toBe(201);
  });

  it("is refused for the editor who starts it, naming the node and the field", async () => {
    const refused = await bob.fetch(`/api/workflows/${wired}/runs`, { method: "POST", body: "{}" });
    expect(refused.status).toBe(400);
    const body = (await refused.json()) as { errors: { code: string; nodeId: string; field: string }[] };
    expect(body.errors).toEqual([
      expect.objectContaining({ code: "workflow-not-allowed", nodeId: "tool", field: "workflowId" }),
    ]);
  });

  it("is judged by the owner when no person starts it (a webhook, the public chat), and by an admin who does", async () => {
    const unattended = await startRun(wired, "hi", { kind: "api" });
    expect(unattended).toMatchObject({ ok: false, reason: "invalid" });
    expect(JSON.stringify(unattended)).toContain(`${bob.name} (who this run acts for)`);
    const byAdmin = await stack.fetch(`/api/workflows/${wired}/runs`, { method: "POST", body: "{}" });
    expect(byAdmin.status, await byAdmin.clone().text()).toBe(201);
  });
});

describe("a workflow shared through a folder", () => {
  it("as a folder editor: saves and runs, and the child run acts for the editor", async () => {
    const shared = await alicePublishes("Alice's shared");
    await shareWorkflow(shared, bob.userId, "editor");
    const own = await created(bob, { name: "Bob's caller", publish: true, ...toolGraph(shared) });
    const started = await bob.fetch(`/api/workflows/${own}/runs`, { method: "POST", body: "{}" });
    expect(started.status, await started.clone().text()).toBe(201);
    const { runId } = (await started.json()) as { runId: string };
    expect(await waitForRun(bob, runId)).toMatchObject({ status: "completed" });
    const [child] = await sql<{ trigger: { actingFor?: string } }>`
      SELECT trigger FROM "Run" WHERE "parentRunId" = ${runId}`;
    expect(child.trigger.actingFor).toBe(bob.userId);
  });

  it("as a folder viewer: refused, saying the editor may only read it", async () => {
    const readOnly = await created(alice, {
      name: "Alice's read-only",
      nodes: [graphNode("entry", "core.entry")],
      edges: [],
    });
    await shareWorkflow(readOnly, bob.userId, "viewer");
    const refused = await bob.fetch("/api/workflows", { method: "POST", body: JSON.stringify(toolGraph(readOnly)) });
    expect(refused.status).toBe(403);
    expect(await errorOf(refused)).toBe(
      `Node "Alice's" (tool) workflowId: you may read workflow ${readOnly} but not run it ` +
        "(its folder gives the viewer role)",
    );
  });
});

describe("at run time", () => {
  it("a child run whose workflow was unshared while the run waited is refused, naming the node", async () => {
    const shared = await alicePublishes("Alice's for a while");
    await shareWorkflow(shared, bob.userId, "editor");
    const own = await created(bob, {
      name: "Bob's approval first",
      publish: true,
      nodes: [
        graphNode("entry", "core.entry"),
        graphNode("approve", "core.approval", { label: "Go?" }),
        graphNode("tool", "core.workflow.tool", { label: "Alice's", params: { workflowId: shared } }),
      ],
      edges: [graphEdge("entry", "output", "approve", "input"), graphEdge("approve", "approved", "tool", "input")],
    });
    const started = await bob.fetch(`/api/workflows/${own}/runs`, { method: "POST", body: "{}" });
    expect(started.status, await started.clone().text()).toBe(201);
    const { runId } = (await started.json()) as { runId: string };
    await waitFor(
      `run ${runId} to wait`,
      async () => {
        const [run] = await sql<{ status: string }>`SELECT status FROM "Run" WHERE id = ${runId}`;
        return run.status === "waiting" || undefined;
      },
      30_000,
    );
    const { folderId } = await getDb().workflow.findUniqueOrThrow({ where: { id: shared } });
    expect((await setFolderMember(TEST_ADMIN, folderId!, bob.userId, null)).ok).toBe(true);
    const decided = await bob.fetch(`/api/runs/${runId}/waits/approve`, {
      method: "POST",
      body: JSON.stringify({ decision: "approved" }),
    });
    expect(decided.status, await decided.clone().text()).toBe(202);
    const ended = await waitForRun(bob, runId);
    expect(ended.status).toBe("failed");
    expect(ended.error).toContain(
      `Node "Alice's" (tool) workflowId: workflow ${shared} does not exist or is not shared`,
    );
    expect(await sql`SELECT id FROM "Run" WHERE "parentRunId" = ${runId}`).toHaveLength(0);
  });
});
