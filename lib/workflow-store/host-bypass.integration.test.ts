/**
 * The `servers: []` class of bypass, as a table over every host node type: for each shape an
 * editor might send to make a host node look harmless, the real save route, the real Discover
 * action and the real worker all read the node the same way. A node the save refuses is refused
 * by Discover and by a run (host access off, or an unknown param); a node the save lets through
 * starts nothing, which a marker file written by the would-be program proves.
 */
import { existsSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { discoverMcpTools } from "../mcp/discover-node";
import { registerMcpNode } from "../mcp/register-mcp-node";
import { isMcpNodeType } from "../mcp/mcp-names";
import { createRedis } from "../queue/redis";
import { setHostToolsEnabled } from "../settings/host-tools";
import { apiClient, type ApiClient } from "../testing/api-client";
import { shareWorkflow } from "../testing/share-workflow";
import { createTestAccount } from "../testing/test-accounts";
import { startTestStack, type TestStack } from "../testing/test-stack";
import { waitForRun } from "../testing/wait-for-run";
import type { CompiledNode } from "../workflow/compile";
import { createWorkflow } from "./repository";

/** The stored draft is what these rows store without the save's check: the worker judges it. */
const DRAFT_RUN = JSON.stringify({ version: "draft" });

let stack: TestStack; // an admin
let editor: ApiClient;
let editorId: string;
const redis = createRedis();
const fromEnv = process.env.SWITCHBOARD_HOST_TOOLS;

/**
 * "invalid": refused for everyone (an unknown param); "host": refused for an editor (it touches the host); "harmless":
 * saved, and nothing starts.
 */
type Expect = "invalid" | "host" | "harmless";
type Row = { name: string; type: string; params: string; mcpServers?: Record<string, unknown>; expect: Expect };

const markers: string[] = [];
function marker(): string {
  const file = path.join(tmpdir(), `sb-bypass-${process.pid}-${markers.length}-${Date.now()}`);
  markers.push(file);
  return file;
}
/** A program that proves it started by writing its marker, spelled as JSON params text. */
const startsWriting = (file: string) =>
  `"command": "node", "args": ["-e", ` +
  `${JSON.stringify(`require("fs").writeFileSync(${JSON.stringify(file)}, "started")`)}]`;
/** Where the marker may be written: a sandboxed program writes only its declared roots (lib/sandbox). */
const writable = `"roots": ${JSON.stringify([tmpdir()])}`;
const stdioServer = (file: string) => JSON.parse(`{ "transport": "stdio", ${startsWriting(file)}, ${writable} }`);
const down = `"url": "http://127.0.0.1:9/mcp"`;

/** Each row gets its own marker; `params` is JSON text, so keys such as `__proto__` arrive as a client sends them. */
function rows(): (Row & { marker: string })[] {
  const table: ((file: string) => Row)[] = [
    (m) => ({
      name: "MCP Server stdio + servers: []",
      type: "mcp.server",
      params: `{ "transport": "stdio", ${startsWriting(m)}, ${writable}, "servers": [] }`,
      expect: "invalid",
    }),
    (m) => ({
      name: "MCP Server, no transport + servers: []",
      type: "mcp.server",
      params: `{ ${startsWriting(m)}, ${writable}, "servers": [] }`,
      expect: "invalid",
    }),
    (m) => ({
      name: "MCP Server + a harmless server beside its command",
      type: "mcp.server",
      params: `{ ${startsWriting(m)}, ${writable}, "servers": [{ "id": "x", "transport": "http", ${down} }] }`,
      expect: "invalid",
    }),
    (m) => ({
      name: "MCP Server, no transport (stdio by default)",
      type: "mcp.server",
      params: `{ ${startsWriting(m)}, ${writable} }`,
      expect: "host",
    }),
    (m) => ({
      name: "MCP Server, transport http beside a command",
      type: "mcp.server",
      params: `{ "transport": "http", ${down}, ${startsWriting(m)}, ${writable} }`,
      expect: "harmless",
    }),
    (m) => ({
      name: "MCP Server, transport STDIO",
      type: "mcp.server",
      params: `{ "transport": "STDIO", ${startsWriting(m)}, ${writable} }`,
      expect: "host",
    }),
    (m) => ({
      name: "MCP Server, key Transport: http",
      type: "mcp.server",
      params: `{ "Transport": "http", ${startsWriting(m)}, ${writable} }`,
      expect: "invalid",
    }),
    (m) => ({
      name: "MCP Server, __proto__ saying http",
      type: "mcp.server",
      params: `{ ${startsWriting(m)}, ${writable}, "__proto__": { "transport": "http", ${down} } }`,
      expect: "host",
    }),
    (m) => ({
      name: "MCP Server http, __proto__ saying stdio",
      type: "mcp.server",
      params:
        `{ "transport": "http", ${down}, "__proto__": { "transport": "stdio", ${startsWriting(m)}, ` +
        `${writable} } }`,
      expect: "harmless",
    }),
    (m) => ({
      name: "MCP Server stdio + constructor",
      type: "mcp.server",
      params: `{ "transport": "stdio", ${startsWriting(m)}, ${writable}, "constructor": { "transport": "http" } }`,
      expect: "invalid",
    }),
    (m) => ({
      name: "MCP Server, a declared stdio server by ref",
      type: "mcp.server",
      params: `{ "transport": "ref", "ref": "local" }`,
      mcpServers: { local: stdioServer(m) },
      expect: "host",
    }),
    (m) => ({
      name: "MCP Server, ref in another case",
      type: "mcp.server",
      params: `{ "transport": "ref", "ref": "LOCAL" }`,
      mcpServers: { local: stdioServer(m) },
      expect: "host",
    }),
    (m) => ({
      name: "MCP Server, declared http server with a command",
      type: "mcp.server",
      params: `{ "transport": "ref", "ref": "docs" }`,
      mcpServers: { docs: JSON.parse(`{ "transport": "http", ${down}, ${startsWriting(m)}, ${writable} }`) },
      expect: "host",
    }),
    (m) => ({
      name: "MCP Group stdio server",
      type: "mcp.group",
      params: `{ "servers": [{ "id": "a", "transport": "stdio", ${startsWriting(m)}, ${writable} }] }`,
      expect: "host",
    }),
    (m) => ({
      name: "MCP Group http server with a command",
      type: "mcp.group",
      params: `{ "servers": [{ "id": "a", "transport": "http", ${down}, ${startsWriting(m)}, ${writable} }] }`,
      expect: "host",
    }),
    (m) => ({
      name: "MCP Group server without a transport",
      type: "mcp.group",
      params: `{ "servers": [{ "id": "a", ${startsWriting(m)}, ${writable} }] }`,
      expect: "host",
    }),
    (m) => ({
      name: "MCP Group: servers [] beside a command",
      type: "mcp.group",
      params: `{ "servers": [], ${startsWriting(m)}, ${writable} }`,
      expect: "invalid",
    }),
    (m) => ({
      name: "MCP Group, a declared stdio server by ref",
      type: "mcp.group",
      params: `{ "servers": [{ "id": "a", "transport": "ref", "ref": "local" }] }`,
      mcpServers: { local: stdioServer(m) },
      expect: "host",
    }),
    (m) => ({
      name: "Run Command",
      type: "core.shell.exec",
      params: `{ "allowedCommands": "node", ${startsWriting(m)}, ${writable} }`,
      expect: "host",
    }),
    (m) => ({
      name: "Run Command + servers: []",
      type: "core.shell.exec",
      params: `{ "allowedCommands": "node", ${startsWriting(m)}, ${writable}, "servers": [] }`,
      expect: "invalid",
    }),
    (m) => ({
      name: "Run Command + mode: person",
      type: "core.shell.exec",
      params: `{ "allowedCommands": "node", ${startsWriting(m)}, ${writable}, "mode": "person" }`,
      expect: "invalid",
    }),
    () => ({
      name: "Read File + servers: []",
      type: "core.fs.read",
      params: `{ "roots": "/tmp", "path": "x", "servers": [] }`,
      expect: "invalid",
    }),
    () => ({
      name: "Read File, __proto__ keys",
      type: "core.fs.read",
      params: `{ "roots": "/tmp", "path": "x", "__proto__": { "roots": "" } }`,
      expect: "host",
    }),
    () => ({
      name: "Write File + transport: http",
      type: "core.fs.write",
      params: `{ "roots": "/tmp", "path": "x", "transport": "http" }`,
      expect: "invalid",
    }),
    (m) => ({
      name: "External Agent process",
      type: "core.external.agent",
      params: `{ "mode": "process", ${startsWriting(m)} }`,
      expect: "host",
    }),
    (m) => ({
      name: "External Agent process + servers: []",
      type: "core.external.agent",
      params: `{ "mode": "process", ${startsWriting(m)}, "servers": [] }`,
      expect: "invalid",
    }),
    (m) => ({
      name: "External Agent, mode Process",
      type: "core.external.agent",
      params: `{ "mode": "Process", ${startsWriting(m)} }`,
      expect: "host",
    }),
    (m) => ({
      name: "External Agent, mode as a list",
      type: "core.external.agent",
      params: `{ "mode": ["process"], ${startsWriting(m)} }`,
      expect: "host",
    }),
  ];
  return table.map((make) => {
    const file = marker();
    return { ...make(file), marker: file };
  });
}

/** The create-workflow body as JSON text, the node's params spliced in as sent. */
function graphText(row: Row): string {
  const graph = {
    name: row.name,
    nodes: [
      {
        id: "entry",
        type: "core.entry",
        position: { x: 0, y: 0 },
        data: { label: "Entry", mode: "normal", params: {} },
      },
      {
        id: "n",
        type: row.type,
        position: { x: 0, y: 0 },
        data: { label: "Suspect", mode: "normal", params: "@PARAMS@" },
      },
    ],
    edges: [],
    ...(row.mcpServers ? { mcpServers: row.mcpServers } : {}),
  };
  return JSON.stringify(graph).replace('"@PARAMS@"', row.params);
}

beforeAll(async () => {
  stack = await startTestStack({ role: "admin" });
  const editorAccount = await createTestAccount("editor");
  editor = apiClient(stack.url, editorAccount.headers);
  editorId = editorAccount.userId;
});
afterEach(async () => {
  if (fromEnv === undefined) delete process.env.SWITCHBOARD_HOST_TOOLS;
  else process.env.SWITCHBOARD_HOST_TOOLS = fromEnv;
  await setHostToolsEnabled(false);
});
afterAll(async () => {
  for (const file of markers) rmSync(file, { force: true });
  redis.disconnect();
  await stack.close();
});

const table = rows();

describe.each(table)("$name", (row) => {
  it(`an editor's save ${row.expect === "harmless" ? "goes through, and nothing starts" : "is refused"}; Discover and the worker agree`, async () => {
    delete process.env.SWITCHBOARD_HOST_TOOLS;
    await setHostToolsEnabled(true); // the worst case: host access on, so only the role stands in the way
    const saved = await editor.fetch("/api/workflows", { method: "POST", body: graphText(row) });
    const answer = (await saved.json()) as { error?: string; errors?: { message: string; code?: string }[] };
    if (row.expect === "invalid") {
      expect(saved.status).toBe(400);
      expect(answer.error).toMatch(/^Node "Suspect" \(n\) has a param ".+" that .+ does not take: remove it$/);
    } else if (row.expect === "host") {
      expect(saved.status).toBe(403);
      expect(answer.error).toContain('Only an admin may add or change nodes that touch the host: "Suspect" (n)');
    } else {
      expect(saved.status).toBe(201);
    }

    const parsedGraph = JSON.parse(graphText(row)) as { nodes: { data: { params: Record<string, unknown> } }[] };
    const params = parsedGraph.nodes[1].data.params;
    if (isMcpNodeType(row.type)) {
      const discovered = await discoverMcpTools(
        { nodeId: "n", type: row.type, label: "Suspect", params, mcpServers: row.mcpServers },
        "editor",
      );
      if (row.expect === "harmless") expect(discovered).toMatchObject({ ok: true, servers: [{ ok: false }] });
      else
        expect(discovered).toMatchObject({
          ok: false,
          error: expect.stringMatching(/Only an admin may discover|does not take/),
        });
    }

    // The worker, on the same shape stored without the save's check (a graph from before it, say).
    const { id } = await createWorkflow(row.name, JSON.parse(graphText(row)));
    await shareWorkflow(id, editorId); // an admin's workflow the editor may edit: only the host check stands in the way
    if (row.expect === "invalid") {
      const refused = await editor.fetch(`/api/workflows/${id}/runs`, {
        method: "POST",
        body: JSON.stringify({ version: "draft" }),
      });
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { errors: { code: string; message: string }[] }).errors).toContainEqual(
        expect.objectContaining({ code: "unknown-param", message: answer.error }),
      );
    }
    if (isMcpNodeType(row.type) && row.expect !== "host") {
      // Registration as the worker does it, host access on: what the check called harmless or unreadable starts
      // nothing.
      const node: CompiledNode = {
        id: "n",
        type: row.type,
        label: "Suspect",
        mode: "tool",
        params,
        inputs: {},
        dependsOn: [],
        connectedToolNodeIds: [],
        agentInputs: [],
      };
      await registerMcpNode(redis, `bypass-${Date.now()}`, node, async () => undefined).catch(() => undefined);
    }
    if (row.expect === "harmless") {
      // Stored as sent, a `__proto__` key is an unknown param the run refuses; otherwise the run goes ahead and fails
      // to connect.
      const run = await editor.fetch(`/api/workflows/${id}/runs`, { method: "POST", body: DRAFT_RUN });
      if (run.status === 201) await waitForRun(editor, ((await run.json()) as { runId: string }).runId);
      else
        expect(((await run.json()) as { errors: { code: string }[] }).errors).toContainEqual(
          expect.objectContaining({ code: "unknown-param" }),
        );
    }
    await setHostToolsEnabled(false);
    const off = await editor.fetch(`/api/workflows/${id}/runs`, { method: "POST", body: DRAFT_RUN });
    if (row.expect !== "harmless") {
      expect(off.status).toBe(400);
      const codes = ((await off.json()) as { errors: { code: string; nodeId?: string }[] }).errors
        .filter((error) => error.nodeId === "n")
        .map((error) => error.code);
      expect(codes).toContain(row.expect === "invalid" ? "unknown-param" : "host-access-disabled");
    } else if (off.status === 201) {
      await waitForRun(editor, ((await off.json()) as { runId: string }).runId);
    }
    expect(existsSync(row.marker)).toBe(false);
  }, 30_000);
});

describe("the control", () => {
  it("the marker program does start when an admin's declared stdio server runs with host access on", async () => {
    await setHostToolsEnabled(true);
    const file = marker();
    const node: CompiledNode = {
      id: "n",
      type: "mcp.server",
      label: "Local",
      mode: "tool",
      params: { transport: "stdio", ...stdioServer(file) },
      inputs: {},
      dependsOn: [],
      connectedToolNodeIds: [],
      agentInputs: [],
    };
    await registerMcpNode(redis, `bypass-control-${Date.now()}`, node, async () => undefined);
    expect(existsSync(file)).toBe(true);
  }, 30_000);
});
