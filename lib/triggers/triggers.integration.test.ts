/**
 * Triggers through the real path. Webhooks: the secret header or an API key, the body as input,
 * an answer at once or with the output, refusals that name the problem. Only the trigger that
 * started a run fires in it (the others and what hangs off them are skipped). Schedules: publishing
 * arms a BullMQ job scheduler that starts runs on real Redis; disabling or deleting disarms it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "../db/sql";
import { listEvents } from "../runs/read-events";
import { putSecret } from "../secrets/secret-store";
import { graphEdge, graphNode } from "../testing/fixtures";
import { startTestStack, type TestStack } from "../testing/test-stack";
import { waitFor } from "../testing/wait-for";
import { waitForRun } from "../testing/wait-for-run";
import type { WorkflowGraph } from "../workflow/graph";
import { triggersQueue } from "./schedules";

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
  await putSecret("HOOK_SECRET", "s3cret-hook-value");
});
afterAll(() => stack.close());

async function createWorkflow(graph: Pick<WorkflowGraph, "nodes" | "edges">): Promise<string> {
  const response = await stack.fetch("/api/workflows", {
    method: "POST",
    body: JSON.stringify({ name: "triggers", publish: true, ...graph }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** Calls a webhook the way another service does: no API key, maybe the secret header. */
async function callHook(path: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${stack.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const hookGraph = (params: Record<string, unknown>) => ({
  nodes: [
    graphNode("hook", "trigger.webhook", {
      label: "Orders hook",
      params: { secret: { $secret: "HOOK_SECRET" }, ...params },
    }),
    graphNode("shape", "core.transform", {
      label: "Shape",
      params: { mode: "jsonata", expression: "{ 'order': id, 'total': $sum(items.price) }" },
    }),
  ],
  edges: [graphEdge("hook", "output", "shape", "input")],
});

describe("webhook trigger", () => {
  it("starts a run with the body as input when called with its secret, and answers with the run id", async () => {
    const id = await createWorkflow(hookGraph({}));
    const called = await callHook(
      `/api/hooks/${id}/hook`,
      { id: "A-1", items: [{ price: 2 }, { price: 5 }] },
      { "x-webhook-secret": "s3cret-hook-value" },
    );
    expect(called.status).toBe(202);
    expect(called.body).toMatchObject({ status: "queued", runId: expect.any(String) });
    const result = await waitForRun(stack, called.body.runId as string);
    expect(result).toMatchObject({ status: "completed", output: { result: { order: "A-1", total: 7 } } });
    const [run] = await sql<{ trigger: unknown }>`SELECT trigger FROM "Run" WHERE id = ${called.body.runId}`;
    expect(run.trigger).toEqual({ kind: "webhook", nodeId: "hook" });
  });

  it("answers with the output when set to respond when done", async () => {
    const id = await createWorkflow(hookGraph({ respond: "when-done", waitSeconds: 20 }));
    const called = await callHook(
      `/api/hooks/${id}/hook`,
      { id: "B-2", items: [{ price: 1 }] },
      { "x-webhook-secret": "s3cret-hook-value" },
    );
    expect(called).toMatchObject({
      status: 200,
      body: { status: "completed", output: { result: { order: "B-2", total: 1 } } },
    });
  });

  it("takes an editor's API key instead of the secret", async () => {
    const id = await createWorkflow(hookGraph({}));
    const response = await stack.fetch(`/api/hooks/${id}/hook`, {
      method: "POST",
      body: JSON.stringify({ id: "C", items: [] }),
    });
    expect(response.status).toBe(202);
  });

  it("tells a caller without valid credentials nothing about what exists: one 401 for every path", async () => {
    const id = await createWorkflow(hookGraph({}));
    const unsecured = await createWorkflow({
      nodes: [graphNode("hook", "trigger.webhook", { label: "Open hook", params: {} })],
      edges: [],
    });
    const unstored = await createWorkflow({
      nodes: [
        graphNode("hook", "trigger.webhook", { label: "Lost hook", params: { secret: { $secret: "NO_SUCH_SECRET" } } }),
      ],
      edges: [],
    });
    const tries: [string, Record<string, string>][] = [
      [`/api/hooks/${id}/hook`, { "x-webhook-secret": "guess" }], // wrong secret
      [`/api/hooks/${id}/hook`, {}], // no secret
      // another trigger's secret, unknown trigger
      [`/api/hooks/${id}/nope`, { "x-webhook-secret": "s3cret-hook-value" }],
      [`/api/hooks/no-such-workflow/hook`, { "x-webhook-secret": "s3cret-hook-value" }],
      [`/api/hooks/no-such-workflow/hook`, {}],
      [`/api/hooks/${unsecured}/hook`, { "x-webhook-secret": "anything" }], // a trigger with no secret set
      [`/api/hooks/${unstored}/hook`, { "x-webhook-secret": "anything" }], // its secret is not stored
    ];
    const answers = await Promise.all(tries.map(([path, headers]) => callHook(path, {}, headers)));
    for (const answer of answers)
      expect(answer).toEqual({
        status: 401,
        body: {
          error: "Send the webhook's secret in the x-webhook-secret header, or an editor's API key",
          code: "unauthorized",
        },
      });
    // An editor is told what is wrong.
    expect((await stack.fetch(`/api/hooks/no-such-workflow/hook`, { method: "POST", body: "{}" })).status).toBe(404);
  });

  it("refuses a disabled trigger, saying why, to a caller with its secret", async () => {
    // A disabled trigger must not be the only way in (the compiler flags what it alone leads to): an Entry reaches the
    // step too.
    const disabledId = await createWorkflow({
      nodes: [
        graphNode("entry", "core.entry"),
        graphNode("hook", "trigger.webhook", {
          label: "Orders hook",
          params: { secret: { $secret: "HOOK_SECRET" }, enabled: false },
        }),
        graphNode("join", "core.merge", { label: "Join", params: { mode: "first" } }),
      ],
      edges: [graphEdge("hook", "output", "join", "a"), graphEdge("entry", "output", "join", "b")],
    });
    const disabled = await callHook(`/api/hooks/${disabledId}/hook`, {}, { "x-webhook-secret": "s3cret-hook-value" });
    expect(disabled).toMatchObject({ status: 409, body: { error: 'The webhook "Orders hook" is disabled' } });
    const runs = await sql<{ count: number }>`SELECT count(*) FROM "Run" WHERE "workflowId" = ${disabledId}`;
    expect(runs[0].count).toBe(0);
  });
});

describe("which trigger fires", () => {
  it("a manual run fires the Entry and skips the webhook's branch; a webhook run the other way round", async () => {
    const id = await createWorkflow({
      nodes: [
        graphNode("entry", "core.entry"),
        graphNode("hook", "trigger.webhook", { label: "Hook", params: { secret: { $secret: "HOOK_SECRET" } } }),
        graphNode("by-hand", "core.output", { label: "By hand" }),
        graphNode("by-hook", "core.output", { label: "By hook" }),
      ],
      edges: [graphEdge("entry", "output", "by-hand", "value"), graphEdge("hook", "output", "by-hook", "value")],
    });
    const manual = await stack.fetch(`/api/workflows/${id}/runs`, {
      method: "POST",
      body: JSON.stringify({ input: "typed" }),
    });
    const manualRun = ((await manual.json()) as { runId: string }).runId;
    expect(await waitForRun(stack, manualRun)).toMatchObject({ status: "completed", output: "typed" });
    const skippedIn = async (runId: string) =>
      (await listEvents(runId))
        .filter((event) => event.type === "node.skipped")
        .map((event) => (event.payload as { nodeId: string }).nodeId)
        .sort();
    expect(await skippedIn(manualRun)).toEqual(["by-hook", "hook"]);

    const hooked = await callHook(
      `/api/hooks/${id}/hook`,
      { from: "outside" },
      { "x-webhook-secret": "s3cret-hook-value" },
    );
    expect(await waitForRun(stack, hooked.body.runId as string)).toMatchObject({
      status: "completed",
      output: { from: "outside" },
    });
    expect(await skippedIn(hooked.body.runId as string)).toEqual(["by-hand", "entry"]);
  });
});

describe("schedule trigger", () => {
  // Firing every second keeps the test short: the floor (SWITCHBOARD_MIN_SCHEDULE_SECONDS, 60 s by default) is the
  // operator's to lower.
  const floor = process.env.SWITCHBOARD_MIN_SCHEDULE_SECONDS;
  beforeAll(() => {
    process.env.SWITCHBOARD_MIN_SCHEDULE_SECONDS = "0";
  });
  afterAll(() => {
    if (floor === undefined) delete process.env.SWITCHBOARD_MIN_SCHEDULE_SECONDS;
    else process.env.SWITCHBOARD_MIN_SCHEDULE_SECONDS = floor;
  });
  const scheduleGraph = (enabled: boolean) => ({
    nodes: [
      graphNode("tick", "trigger.schedule", {
        label: "Every second",
        params: { cron: "* * * * * *", timezone: "Europe/Oslo", input: { report: "tick" }, enabled },
      }),
      graphNode("out", "core.output", { label: "Out" }),
    ],
    edges: [graphEdge("tick", "output", "out", "value")],
  });
  const armed = async (id: string) =>
    (await triggersQueue().getJobSchedulers()).filter((scheduler) => scheduler.key.startsWith(`wf:${id}:`));

  it("runs on its schedule once published, and stops when a version disables it or the workflow is deleted", async () => {
    const id = await createWorkflow(scheduleGraph(true));
    expect(await armed(id)).toEqual([
      expect.objectContaining({ key: `wf:${id}:tick`, pattern: "* * * * * *", tz: "Europe/Oslo" }),
    ]);
    const run = await waitFor(
      "a scheduled run to complete",
      async () => {
        const [row] = await sql<{ id: string; output: unknown; trigger: unknown }>`
        SELECT id, output, trigger FROM "Run" WHERE "workflowId" = ${id} AND status = 'completed' LIMIT 1`;
        return row;
      },
      15_000,
    );
    expect(run).toMatchObject({ output: { report: "tick" }, trigger: { kind: "schedule", nodeId: "tick" } });

    // Saving the draft changes nothing live; publishing re-arms or disarms; deleting disarms.
    const { updateWorkflow, deleteWorkflow } = await import("../workflow-store/repository");
    const { publishWorkflow } = await import("../workflow-store/versions");
    await updateWorkflow(id, { graph: { ...scheduleGraph(false) } as WorkflowGraph });
    expect(await armed(id)).toHaveLength(1);
    await publishWorkflow(id, "disabled", null);
    expect(await armed(id)).toEqual([]);
    await updateWorkflow(id, { graph: { ...scheduleGraph(true) } as WorkflowGraph });
    await publishWorkflow(id, "enabled again", null);
    expect(await armed(id)).toHaveLength(1);
    await deleteWorkflow(id);
    expect(await armed(id)).toEqual([]);
  });

  it("refuses a bad cron or time zone at compile time, naming the field", async () => {
    const response = await stack.fetch("/api/workflows", {
      method: "POST",
      body: JSON.stringify({
        name: "bad schedule",
        nodes: [
          graphNode("tick", "trigger.schedule", {
            label: "Tick",
            params: { cron: "every tuesday", timezone: "Mars/Olympus" },
          }),
        ],
        edges: [],
      }),
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { errors: { field?: string; message: string }[] };
    expect(body.errors).toEqual([
      expect.objectContaining({
        field: "timezone",
        message: expect.stringContaining('"Mars/Olympus" is not a time zone'),
      }),
    ]);
  });
});
