/**
 * Switchboard as an MCP server, driven by the official SDK client over Streamable HTTP: exposed
 * workflows are tools (schema from the Entry), calls answer with the output and send progress,
 * list_workflows / run_workflow / get_run and the workflow:// and run:// resources work, and the
 * door is shut without a key (401) and for a viewer who tries to run something. A key limited to
 * some workflows sees and reaches only those, and a change to its limit or a revoke counts at once.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { limitApiKey, revokeApiKey } from "../auth/api-keys";
import { createTestAccount, createTestApiKey } from "../testing/test-accounts";
import { ECHO_BACK, GREETER, createWorkflow } from "../testing/exposed-workflows";
import { graphEdge, graphNode } from "../testing/fixtures";
import { startTestStack, type TestStack } from "../testing/test-stack";
import { waitFor } from "../testing/wait-for";

let stack: TestStack;
let exposedId = "";
let hiddenId = "";
let echoId = "";

async function connect(headers: Record<string, string>): Promise<Client> {
  const client = new Client({ name: "mcp-workflows-test", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${stack.url}/api/mcp/workflows`), { requestInit: { headers } }),
  );
  return client;
}

beforeAll(async () => {
  stack = await startTestStack();
  exposedId = await createWorkflow(stack, GREETER);
  echoId = await createWorkflow(stack, ECHO_BACK);
  hiddenId = await createWorkflow(stack, {
    name: "Not exposed",
    nodes: [graphNode("entry", "core.entry"), graphNode("out", "core.output", { label: "Out" })],
    edges: [graphEdge("entry", "output", "out", "value")],
  });
});
afterAll(() => stack.close());

describe("an MCP client with an editor's key", () => {
  it("lists exposed workflows as tools beside the fixed ones, with the Entry's schema", async () => {
    const client = await connect(stack.account.headers);
    const { tools } = await client.listTools();
    const greet = tools.find((tool) => tool.name === "greet");
    expect(greet).toMatchObject({
      description: "Greets someone by name",
      inputSchema: {
        type: "object",
        properties: { name: { type: "string", description: "Who to greet" } },
        required: ["name"],
      },
    });
    expect(tools.map((tool) => tool.name)).toEqual(
      expect.arrayContaining(["list_workflows", "run_workflow", "get_run"]),
    );
    expect(tools.some((tool) => tool.name === "not_exposed")).toBe(false);
    await client.close();
  });

  it("calls an exposed workflow, gets its output, and hears its progress", async () => {
    const client = await connect(stack.account.headers);
    const progress: string[] = [];
    const result = await client.callTool({ name: "greet", arguments: { name: "Ada" } }, undefined, {
      onprogress: (note) => void progress.push(note.message ?? ""),
    });
    expect(result).toMatchObject({ isError: false, content: [{ type: "text", text: "Hello, Ada!" }] });
    expect(progress.length).toBeGreaterThan(0);
    expect(progress).toContain("pause done");
    const refused = await client.callTool({ name: "greet", arguments: {} });
    expect(refused).toMatchObject({
      isError: true,
      content: [{ text: expect.stringContaining("input.name is required") }],
    });
    await client.close();
  });

  it("runs an exposed workflow by id, without waiting, and reads the run back as a tool and a resource", async () => {
    const client = await connect(stack.account.headers);
    const listed = await client.callTool({ name: "list_workflows", arguments: {} });
    expect(JSON.stringify(listed.structuredContent)).toContain(hiddenId);
    const queued = await client.callTool({
      name: "run_workflow",
      arguments: { workflowId: echoId, input: "later", wait: false },
    });
    const { runId } = queued.structuredContent as { runId: string };
    const done = await waitFor(
      "the run to complete",
      async () => {
        const got = await client.callTool({ name: "get_run", arguments: { runId } });
        const body = got.structuredContent as { status: string; output: unknown };
        return body.status === "completed" ? body : undefined;
      },
      15_000,
    );
    expect(done.output).toBe("later");
    const resource = await client.readResource({ uri: `run://${runId}` });
    expect(JSON.parse((resource.contents[0] as { text: string }).text)).toMatchObject({
      status: "completed",
      output: "later",
    });
    const definition = await client.readResource({ uri: `workflow://${exposedId}` });
    expect(JSON.parse((definition.contents[0] as { text: string }).text)).toMatchObject({
      name: "Greeter",
      exposedAs: "greet",
    });
    const templates = await client.listResourceTemplates();
    expect(templates.resourceTemplates.map((template) => template.uriTemplate)).toEqual([
      "workflow://{id}",
      "run://{id}",
    ]);
    await client.close();
  });
});

describe('"Expose over MCP" is a gate', () => {
  const text = (result: Record<string, unknown>) => (result.content as { text?: string }[])[0]?.text ?? "";
  const runsOf = async (workflowId: string) =>
    ((await (await stack.fetch(`/api/workflows/${workflowId}/runs`)).json()) as { runs: unknown[] }).runs.length;

  it("run_workflow refuses a workflow that is not exposed, with or without waiting, and starts nothing", async () => {
    const client = await connect(stack.account.headers);
    for (const wait of [true, false]) {
      const refused = await client.callTool({ name: "run_workflow", arguments: { workflowId: hiddenId, wait } });
      expect(refused.isError).toBe(true);
      expect(text(refused)).toContain(`Workflow ${hiddenId} is not exposed over MCP`);
    }
    expect(await runsOf(hiddenId)).toBe(0);
    await client.close();
  });

  it("a workflow whose new version is not exposed is refused at once, by its tool and by run_workflow", async () => {
    const id = await createWorkflow(stack, {
      ...ECHO_BACK,
      name: "Soon hidden",
      settings: { mcp: { expose: true, toolName: "soon_hidden" } },
    });
    const client = await connect(stack.account.headers);
    expect(await client.callTool({ name: "soon_hidden", arguments: { input: "one" } })).toMatchObject({
      isError: false,
      content: [{ text: "one" }],
    });
    // The draft stops exposing it: nothing changes until that is published.
    const patched = await stack.fetch(`/api/workflows/${id}`, {
      method: "PATCH",
      body: JSON.stringify({ settings: { mcp: { expose: false } } }),
    });
    expect(patched.status).toBe(200);
    expect((await client.callTool({ name: "run_workflow", arguments: { workflowId: id, input: "two" } })).isError).toBe(
      false,
    );
    expect((await stack.fetch(`/api/workflows/${id}/publish`, { method: "POST", body: "{}" })).status).toBe(201);
    const byTool = await client.callTool({ name: "soon_hidden", arguments: { input: "three" } });
    expect(byTool.isError).toBe(true);
    expect(text(byTool)).toContain('No tool is called "soon_hidden"');
    const byId = await client.callTool({ name: "run_workflow", arguments: { workflowId: id, input: "four" } });
    expect(byId.isError).toBe(true);
    expect(text(byId)).toContain(`Workflow ${id} is not exposed over MCP`);
    expect(await runsOf(id)).toBe(2);
    // The REST API still runs it: the gate is MCP's.
    expect((await stack.fetch(`/api/workflows/${id}/runs`, { method: "POST", body: "{}" })).status).toBe(201);
    await client.close();
  });
});

describe("who may come in", () => {
  it("refuses a client without a key with 401", async () => {
    const response = await fetch(`${stack.url}/api/mcp/workflows`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "initialize",
        params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "x", version: "1" } },
      }),
    });
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toContain("Bearer");
  });

  it("lets a viewer list and read, but not run", async () => {
    const viewer = await createTestAccount("viewer");
    const client = await connect(viewer.headers);
    expect((await client.listTools()).tools.length).toBeGreaterThan(0);
    const refused = await client.callTool({ name: "greet", arguments: { name: "Ada" } });
    expect(refused).toMatchObject({
      isError: true,
      content: [{ text: expect.stringContaining("needs the editor role") }],
    });
    await client.close();
  });
});

describe("a key limited to some workflows", () => {
  const texts = (result: Record<string, unknown>) =>
    (result.content as { text?: string }[]).map((part) => part.text ?? "").join("\n");

  it("lists, runs and reads only its workflows, and is refused the others by name", async () => {
    const limited = await createTestApiKey(stack.account.userId, "only greeter", [exposedId]);
    const client = await connect(limited.headers);
    const names = (await client.listTools()).tools.map((tool) => tool.name);
    expect(names).toContain("greet");
    expect(names).not.toContain("echo_back");
    expect(names).toEqual(expect.arrayContaining(["list_workflows", "run_workflow", "get_run"]));
    const listed = (await client.callTool({ name: "list_workflows", arguments: {} })).structuredContent as {
      workflows: { id: string }[];
    };
    expect(listed.workflows.map((workflow) => workflow.id)).toEqual([exposedId]);
    expect((await client.listResources()).resources.map((resource) => resource.uri)).toEqual([
      `workflow://${exposedId}`,
    ]);

    expect(await client.callTool({ name: "greet", arguments: { name: "Lin" } })).toMatchObject({
      isError: false,
      content: [{ text: "Hello, Lin!" }],
    });
    const ranA = await client.callTool({
      name: "run_workflow",
      arguments: { workflowId: exposedId, input: { name: "Kay" }, wait: false },
    });
    expect(ranA.isError).toBe(false);

    const refusal = `workflow "Echo back" (${echoId}) is not one of them`;
    const calledB = await client.callTool({ name: "echo_back", arguments: { input: "x" } });
    expect(calledB.isError).toBe(true);
    // Other suites' "Echo back" workflows may share the tool name: whichever is named, it is refused.
    expect(texts(calledB)).toMatch(/workflow "Echo back" \(\w+\) is not one of them/);
    const ranB = await client.callTool({ name: "run_workflow", arguments: { workflowId: echoId, input: "x" } });
    expect(ranB.isError).toBe(true);
    expect(texts(ranB)).toContain(refusal);

    // A run of B started by someone else's key is out of reach too.
    const started = await stack.fetch(`/api/workflows/${echoId}/runs`, {
      method: "POST",
      body: JSON.stringify({ input: "secret" }),
    });
    const { runId } = (await started.json()) as { runId: string };
    const gotRun = await client.callTool({ name: "get_run", arguments: { runId } });
    expect(gotRun.isError).toBe(true);
    expect(texts(gotRun)).toContain(refusal);
    expect(texts(gotRun)).not.toContain("secret");
    await expect(client.readResource({ uri: `run://${runId}` })).rejects.toThrow(refusal);
    await expect(client.readResource({ uri: `workflow://${echoId}` })).rejects.toThrow(refusal);
    expect(
      JSON.parse(
        ((await client.readResource({ uri: `workflow://${exposedId}` })).contents[0] as { text: string }).text,
      ),
    ).toMatchObject({ name: "Greeter" });
    await client.close();
  });

  it("leaves a key without a limit seeing every workflow", async () => {
    const open = await createTestApiKey(stack.account.userId, "everything");
    const client = await connect(open.headers);
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(
      expect.arrayContaining(["greet", "echo_back"]),
    );
    const listed = (await client.callTool({ name: "list_workflows", arguments: {} })).structuredContent as {
      workflows: { id: string }[];
    };
    expect(listed.workflows.map((workflow) => workflow.id)).toEqual(
      expect.arrayContaining([exposedId, echoId, hiddenId]),
    );
    expect(await client.callTool({ name: "echo_back", arguments: { input: "hi" } })).toMatchObject({
      isError: false,
      content: [{ text: "hi" }],
    });
    await client.close();
  });

  it("counts a changed limit and a revoke at once, not after the key memory's few seconds", async () => {
    const key = await createTestApiKey(stack.account.userId, "changing", [exposedId]);
    const client = await connect(key.headers);
    expect((await client.listTools()).tools.map((tool) => tool.name)).not.toContain("echo_back");
    expect(await limitApiKey(stack.account.userId, key.id, [exposedId, echoId])).toEqual({ ok: true });
    expect((await client.listTools()).tools.map((tool) => tool.name)).toContain("echo_back");
    expect(await revokeApiKey(stack.account.userId, key.id)).toBe(true);
    await expect(client.listTools()).rejects.toThrow(/401|API key/);
    await client.close();
  });

  it("cannot be made for a workflow that does not exist", async () => {
    await expect(createTestApiKey(stack.account.userId, "typo", ["no-such-workflow"])).rejects.toThrow(
      "no workflow has the id no-such-workflow",
    );
  });
});
