/**
 * Sharing over the real routes, MCP server and database: a second editor who was not given a workflow gets 404 on it,
 * its runs, its conversations and its MCP tool, exactly as if it did not exist; a folder's editor may change it; a
 * folder's viewer may read it but not change or run it; an admin sees everything; a key limited to a folder reaches
 * only that folder's workflows.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiKey } from "./api-keys";
import { apiClient, type ApiClient } from "../testing/api-client";
import { GREETER, createWorkflow } from "../testing/exposed-workflows";
import { createTestAccount, type TestAccount } from "../testing/test-accounts";
import { startTestStack, type TestStack } from "../testing/test-stack";

let stack: TestStack;
let owner: TestAccount;
let stranger: TestAccount;
let folderViewer: TestAccount;
let workflowId = "";
let runId = "";
let conversationId = "";
let folderId = "";
const as = (account: TestAccount): ApiClient => apiClient(stack.url, account.headers);
const text = (result: unknown) => ((result as { content: { text: string }[] }).content[0]?.text ?? "") as string;

async function mcp(headers: Record<string, string>): Promise<Client> {
  const client = new Client({ name: "sharing-test", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${stack.url}/api/mcp/workflows`), { requestInit: { headers } }),
  );
  return client;
}

/** What a caller gets on every way in to the shared workflow that reads it. */
async function readStatuses(api: ApiClient): Promise<number[]> {
  const paths = [
    `/api/workflows/${workflowId}`,
    `/api/workflows/${workflowId}/runs`,
    `/api/workflows/${workflowId}/versions`,
    `/api/workflows/${workflowId}/conversations`,
    `/api/runs/${runId}`,
    `/api/conversations/${conversationId}`,
  ];
  return Promise.all(paths.map(async (path) => (await api.fetch(path)).status));
}

const rename = (api: ApiClient, name: string) =>
  api.fetch(`/api/workflows/${workflowId}`, { method: "PATCH", body: JSON.stringify({ name }) });

beforeAll(async () => {
  stack = await startTestStack();
  [owner, stranger, folderViewer] = await Promise.all([
    createTestAccount("editor", "sharing-owner"),
    createTestAccount("editor", "sharing-stranger"),
    createTestAccount("editor", "sharing-folder-viewer"),
  ]);
  workflowId = await createWorkflow(as(owner), {
    ...GREETER,
    settings: { mcp: { expose: true, toolName: "greet_shared" } },
  });
  const started = await as(owner).fetch(`/api/workflows/${workflowId}/runs`, {
    method: "POST",
    body: JSON.stringify({ input: { name: "Ada" } }),
  });
  expect(started.status).toBe(201);
  runId = ((await started.json()) as { runId: string }).runId;
  const conversation = await as(owner).fetch(`/api/workflows/${workflowId}/conversations`, {
    method: "POST",
    body: "{}",
  });
  conversationId = ((await conversation.json()) as { id: string }).id;
});
afterAll(() => stack.close());

describe("a workflow not shared with a second editor", () => {
  it("answers 404 on the workflow, its runs and its conversations, with the words a missing one gets", async () => {
    expect(await readStatuses(as(owner))).toEqual([200, 200, 200, 200, 200, 200]);
    expect(await readStatuses(as(stranger))).toEqual([404, 404, 404, 404, 404, 404]);
    const missing = await as(stranger).fetch(`/api/workflows/${workflowId}`);
    expect(await missing.json()).toMatchObject({ error: `Workflow ${workflowId} does not exist` });
    expect((await rename(as(stranger), "taken over")).status).toBe(404);
    const run = await as(stranger).fetch(`/api/workflows/${workflowId}/runs`, { method: "POST", body: "{}" });
    expect(run.status).toBe(404);
    const listed = (await (await as(stranger).fetch("/api/workflows")).json()) as { id: string }[];
    expect(listed.map((workflow) => workflow.id)).not.toContain(workflowId);
    const runs = (await (await as(stranger).fetch("/api/runs")).json()) as { runs: { id: string }[] };
    expect(runs.runs.map((row) => row.id)).not.toContain(runId);
  });

  it("is not a tool of theirs over MCP: not listed, and calling it or run_workflow answers as for no workflow", async () => {
    const client = await mcp(stranger.headers);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).not.toContain("greet_shared");
    const called = await client.callTool({ name: "greet_shared", arguments: { name: "Ada" } });
    expect(called.isError).toBe(true);
    expect(text(called)).toContain('No tool is called "greet_shared"');
    const byId = await client.callTool({ name: "run_workflow", arguments: { workflowId, input: { name: "Ada" } } });
    expect(text(byId)).toContain(`Workflow ${workflowId} does not exist`);
    const run = await client.callTool({ name: "get_run", arguments: { runId } });
    expect(text(run)).toContain(`Run ${runId} does not exist`);
    await client.close();
    const ownClient = await mcp(owner.headers);
    expect((await ownClient.listTools()).tools.map((tool) => tool.name)).toContain("greet_shared");
    await ownClient.close();
  });

  it("is every admin's to see", async () => {
    expect(await readStatuses(stack)).toEqual([200, 200, 200, 200, 200, 200]);
  });
});

describe("a workflow shared through a folder", () => {
  const put = (api: ApiClient, path: string, body: unknown) =>
    api.fetch(path, { method: "PUT", body: JSON.stringify(body) });
  const file = (api: ApiClient, folder: string | null) =>
    api.fetch(`/api/workflows/${workflowId}`, { method: "PATCH", body: JSON.stringify({ folderId: folder }) });

  beforeAll(async () => {
    // The admin's folder is not the owner's to file into; the folder the owner makes is theirs to manage.
    const adminFolder = (
      await (await stack.fetch("/api/folders", { method: "POST", body: '{"name":"Admins"}' })).json()
    ).id as string;
    const refused = await file(as(owner), adminFolder);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: `folderId: Folder ${adminFolder} does not exist` });
    const made = await as(owner).fetch("/api/folders", { method: "POST", body: JSON.stringify({ name: "Team" }) });
    expect(made.status).toBe(201);
    folderId = ((await made.json()) as { id: string }).id;
    expect((await file(as(owner), folderId)).status).toBe(200);
    expect(
      (await put(as(owner), `/api/folders/${folderId}/members/${stranger.userId}`, { role: "editor" })).status,
    ).toBe(200);
    const viewer = await put(as(owner), `/api/folders/${folderId}/members/${folderViewer.userId}`, { role: "viewer" });
    expect(viewer.status).toBe(200);
  });

  it("lets a folder editor read and change it", async () => {
    expect(await readStatuses(as(stranger))).toEqual([200, 200, 200, 200, 200, 200]);
    expect((await rename(as(stranger), "Greeter, shared")).status).toBe(200);
    expect((await (await as(owner).fetch(`/api/workflows/${workflowId}`)).json()).name).toBe("Greeter, shared");
  });

  it("lets a folder viewer read it but not change or run it (403 naming why)", async () => {
    expect(await readStatuses(as(folderViewer))).toEqual([200, 200, 200, 200, 200, 200]);
    const refused = await rename(as(folderViewer), "mine now");
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: expect.stringContaining("may read workflow") });
    const run = await as(folderViewer).fetch(`/api/workflows/${workflowId}/runs`, { method: "POST", body: "{}" });
    expect(run.status).toBe(403);
    const client = await mcp(folderViewer.headers);
    expect((await client.listTools()).tools.map((tool) => tool.name)).toContain("greet_shared");
    const called = await client.callTool({ name: "greet_shared", arguments: { name: "Ada" } });
    expect(text(called)).toContain("may read workflow");
    await client.close();
  });

  it("takes a member's access away when they leave the folder", async () => {
    const left = await as(owner).fetch(`/api/folders/${folderId}/members/${stranger.userId}`, { method: "DELETE" });
    expect(left.status).toBe(204);
    expect(await readStatuses(as(stranger))).toEqual([404, 404, 404, 404, 404, 404]);
  });
});

describe("an API key limited to a folder", () => {
  it("reaches that folder's workflows and no other of its owner's", async () => {
    const elsewhere = await createWorkflow(as(owner), { ...GREETER, name: "Private", settings: {} });
    const created = await createApiKey(owner.userId, "folder key", [], folderId);
    if (!created.ok) throw new Error(created.error);
    const key = apiClient(stack.url, { authorization: `Bearer ${created.key}` });
    expect((await key.fetch(`/api/workflows/${workflowId}`)).status).toBe(200);
    const outside = await key.fetch(`/api/workflows/${elsewhere}`);
    expect(outside.status).toBe(403);
    expect(await outside.json()).toMatchObject({ error: expect.stringContaining("limited to some workflows") });
    const listed = (await (await key.fetch("/api/workflows")).json()) as { id: string }[];
    expect(listed.map((workflow) => workflow.id)).toEqual([workflowId]);
    expect((await as(owner).fetch(`/api/workflows/${elsewhere}`)).status).toBe(200);
  });
});
