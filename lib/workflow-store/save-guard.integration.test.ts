/**
 * What every save refuses whoever saves: a schedule under the floor (admins too) and a param no component takes,
 * through the real create route.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiClient, type ApiClient } from "../testing/api-client";
import { wantedSchedules } from "../triggers/schedules";
import type { WorkflowGraph } from "../workflow/graph";
import { createTestAccount } from "../testing/test-accounts";
import { startTestStack, type TestStack } from "../testing/test-stack";
import { duplicateWorkflow } from "./duplicate-workflow";
import { createWorkflow, getWorkflow } from "./repository";

let admin: TestStack;
let editor: ApiClient;

const scheduled = (cron: string) => ({
  name: `every ${cron}`,
  nodes: [
    {
      id: "tick",
      type: "trigger.schedule",
      position: { x: 0, y: 0 },
      data: { label: "Tick", mode: "normal", params: { cron, enabled: false } },
    },
  ],
  edges: [],
});

beforeAll(async () => {
  admin = await startTestStack({ workers: false, role: "admin" });
  editor = apiClient(admin.url, (await createTestAccount("editor")).headers);
});
afterAll(async () => {
  await admin.close();
});

describe("the schedule floor", () => {
  it("refuses an editor's and an admin's every-second schedule, naming the node and the field; once a minute is fine", async () => {
    for (const client of [editor, admin]) {
      const refused = await client.fetch("/api/workflows", {
        method: "POST",
        body: JSON.stringify(scheduled("* * * * * *")),
      });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({
        code: "invalid-workflow",
        error:
          'Node "Tick" (tick) cron: "* * * * * *" fires 1 s apart; a schedule may fire at most once every 60 s ' +
          "(SWITCHBOARD_MIN_SCHEDULE_SECONDS)",
      });
    }
    expect(
      (await editor.fetch("/api/workflows", { method: "POST", body: JSON.stringify(scheduled("* * * * *")) })).status,
    ).toBe(201);
    // A graph stored before the floor existed is never armed either.
    const stored = (cron: string) =>
      ({
        ...scheduled(cron),
        nodes: scheduled(cron).nodes.map((node) => ({ ...node, data: { ...node.data, params: { cron } } })),
      }) as unknown as WorkflowGraph;
    expect(wantedSchedules(stored("* * * * * *"))).toEqual([]);
    expect(wantedSchedules(stored("* * * * *"))).toEqual([
      { nodeId: "tick", pattern: "* * * * *", tz: "UTC", missedFirings: "skip" },
    ]);
  });
});

describe("unknown params", () => {
  it("are refused for an admin too, naming the node and the param", async () => {
    const graph = {
      name: "stray",
      nodes: [
        {
          id: "h",
          type: "core.http.request",
          position: { x: 0, y: 0 },
          data: { label: "Fetch", mode: "normal", params: { url: "https://example.com", retries: 3 } },
        },
      ],
      edges: [],
    };
    const refused = await admin.fetch("/api/workflows", { method: "POST", body: JSON.stringify(graph) });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      error: 'Node "Fetch" (h) has a param "retries" that HTTP Request does not take: remove it',
    });
  });
});

describe("duplicating", () => {
  it("copies a stored graph, and refuses one stored before a check existed, naming the node and the param", async () => {
    const fetchNode = (params: Record<string, unknown>) => ({
      id: "h",
      type: "core.http.request",
      position: { x: 0, y: 0 },
      data: { label: "Fetch", mode: "normal" as const, params },
    });
    const clean = await createWorkflow("clean", { nodes: [fetchNode({ url: "https://example.com" })], edges: [] });
    const { userId } = await createTestAccount("editor");
    const editorCaller = { userId, role: "editor" as const, workflowIds: null, folderIds: null };
    const copied = await duplicateWorkflow(clean.id, editorCaller);
    expect(copied.ok).toBe(true);
    if (copied.ok) expect((await getWorkflow(copied.id))?.name).toBe("clean (copy)");

    const old = await createWorkflow("old", {
      nodes: [fetchNode({ url: "https://example.com", retries: 3 })],
      edges: [],
    } as unknown as WorkflowGraph);
    expect(await duplicateWorkflow(old.id, { ...editorCaller, role: "admin" })).toEqual({
      ok: false,
      reason: "invalid",
      errors: ['Node "Fetch" (h) has a param "retries" that HTTP Request does not take: remove it'],
    });
  });
});
