/**
 * One workflow over the API as an editor's script uses it: PUT and PATCH save the draft exactly as the editor's save
 * does (its history notes who saved; nothing live changes until a publish), a host-access node is an admin's to add
 * (403 naming it), a bad node is named with its field, two writers from the same version cannot both win, a copy is a
 * separate draft, and a deleted workflow is gone with its runs.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiClient, type ApiClient } from "@/lib/testing/api-client";
import { graphEdge, graphNode } from "@/lib/testing/fixtures";
import { createTestAccount, type TestAccount } from "@/lib/testing/test-accounts";
import { startTestStack, type TestStack } from "@/lib/testing/test-stack";

let stack: TestStack;
let editor: ApiClient;
let editorAccount: TestAccount;

const ECHO = {
  nodes: [graphNode("entry", "core.entry"), graphNode("out", "core.output", { label: "Out" })],
  edges: [graphEdge("entry", "output", "out", "value")],
};
const body = (value: unknown) => JSON.stringify(value);

async function create(name: string, publish = false): Promise<string> {
  const response = await editor.fetch("/api/workflows", { method: "POST", body: body({ name, publish, ...ECHO }) });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}
const read = async (id: string) =>
  (await (await editor.fetch(`/api/workflows/${id}`)).json()) as {
    name: string;
    updatedAt: string;
    graph: typeof ECHO;
  };

beforeAll(async () => {
  stack = await startTestStack();
  editorAccount = await createTestAccount("editor", "api-editor");
  editor = apiClient(stack.url, editorAccount.headers);
});
afterAll(() => stack.close());

describe("saving a draft through the API", () => {
  it("notes who saved it, and changes nothing live until it is published", async () => {
    const id = await create("Live one", true);
    const { graph } = await read(id);
    const changed = { ...graph, nodes: [...graph.nodes, graphNode("note", "core.output", { label: "Second" })] };
    const put = await editor.fetch(`/api/workflows/${id}`, {
      method: "PUT",
      body: body({ name: "Edited", graph: changed }),
    });
    expect(put.status).toBe(200);
    const history = (await (await editor.fetch(`/api/workflows/${id}/versions`)).json()) as {
      live: number;
      versions: { name: string }[];
      draftSaves: { name: string; authorName: string }[];
    };
    expect(history.live).toBe(1);
    expect(history.versions.map((version) => version.name)).toEqual(["Live one"]);
    expect(history.draftSaves[0]).toMatchObject({ name: "Edited", authorName: "api-editor" });
    const live = (await (await editor.fetch(`/api/workflows/${id}/versions/1`)).json()) as { graph: typeof ECHO };
    expect(live.graph.nodes.map((node) => node.id)).toEqual(["entry", "out"]);
    expect((await read(id)).graph.nodes.map((node) => node.id)).toEqual(["entry", "out", "note"]);
  });

  it("refuses an editor's host-access node with 403 naming it, and lets an admin add it", async () => {
    const id = await create("Host");
    const { graph, updatedAt } = await read(id);
    const shell = graphNode("sh", "core.shell.exec", {
      label: "Shell",
      params: { allowedCommands: "echo", command: "echo", args: ["hi"] },
    });
    const patch = body({ nodes: [...graph.nodes, shell] });
    const refused = await editor.fetch(`/api/workflows/${id}`, { method: "PATCH", body: patch });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: string }).error).toContain('"Shell"');
    expect((await read(id)).updatedAt).toBe(updatedAt);
    expect((await stack.fetch(`/api/workflows/${id}`, { method: "PATCH", body: patch })).status).toBe(200);
  });

  it("names the node and the field of a bad graph, and an unknown field of the body", async () => {
    const id = await create("Bad");
    const nodes = [{ ...ECHO.nodes[0], position: { x: "left", y: 0 } }, ECHO.nodes[1]];
    const bad = await editor.fetch(`/api/workflows/${id}`, { method: "PATCH", body: body({ nodes }) });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toMatch(/^node "entry": position\.x: /);
    const unknown = await editor.fetch(`/api/workflows/${id}`, { method: "PATCH", body: body({ colour: "red" }) });
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { error: string }).error).toContain("colour");
    const noName = await editor.fetch(`/api/workflows/${id}`, { method: "PUT", body: body({ graph: ECHO }) });
    expect(((await noName.json()) as { error: string }).error).toMatch(/^name: /);
    const badMatch = await editor.fetch(`/api/workflows/${id}`, {
      method: "PUT",
      headers: { "if-match": "yesterday" },
      body: body({ name: "x", graph: ECHO }),
    });
    expect(badMatch.status).toBe(400);
    expect(((await badMatch.json()) as { error: string }).error).toMatch(/^If-Match: /);
  });

  it("lets only one of two writers from the same version win", async () => {
    const id = await create("Race");
    const { updatedAt, graph } = await read(id);
    const write = (name: string) =>
      editor.fetch(`/api/workflows/${id}`, {
        method: "PUT",
        headers: { "if-match": `"${updatedAt}"` },
        body: body({ name, graph }),
      });
    const statuses = (await Promise.all([write("A"), write("B")])).map((response) => response.status).sort();
    expect(statuses).toEqual([200, 409]);
  });

  it("copies a draft as a new one, and deletes a workflow with its runs", async () => {
    const id = await create("Original", true);
    const run = await editor.fetch(`/api/workflows/${id}/runs`, { method: "POST", body: body({ input: "x" }) });
    const { runId } = (await run.json()) as { runId: string };
    const copy = await editor.fetch(`/api/workflows/${id}/duplicate`, { method: "POST" });
    expect(copy.status).toBe(201);
    const copied = (await copy.json()) as { id: string; name: string };
    expect(copied.name).toBe("Original (copy)");
    expect((await read(copied.id)).graph).toEqual((await read(id)).graph);
    expect((await editor.fetch(`/api/workflows/${id}`, { method: "DELETE" })).status).toBe(204);
    expect((await editor.fetch(`/api/workflows/${id}`)).status).toBe(404);
    expect((await editor.fetch(`/api/runs/${runId}`)).status).toBe(404);
    expect((await editor.fetch(`/api/workflows/${copied.id}`)).status).toBe(200);
  });
});
