/**
 * MCP servers as tools, with real peers: server-everything over stdio and streamable HTTP and
 * server-filesystem over stdio, registered through the worker's real registration path and
 * called through the real gateway with the SDK's client; whole runs through the HTTP API.
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { discoverMcpTools } from "./discover-node";
import { getDb } from "../db/client";
import { createRedis } from "../queue/redis";
import { getRegisteredTool, registryKey } from "../registry/registry";
import type { RunEvent, RunEventInput } from "../runs/events";
import { listEvents } from "../runs/read-events";
import { putSecret } from "../secrets/secret-store";
import {
  everythingStdio,
  everythingWithHelper,
  FILESYSTEM_BIN,
  filesystemStdio,
  processesWith,
  startEverythingHttp,
} from "../testing/mcp-peers";
import { survivorsAfter, uniqueSleep } from "../testing/host-processes";
import { connectMcpServer } from "./connect";
import { graphEdge, graphNode } from "../testing/fixtures";
import {
  gatewayClient as gatewayClientOf,
  mcpToolNode,
  registerMcpNodes,
  toolNames,
} from "../testing/mcp-registration";
import { runWorkflowToEnd, startWorkflowRun } from "../testing/run-workflow";
import { waitForRun } from "../testing/wait-for-run";
import { startTestStack, type TestStack } from "../testing/test-stack";
import type { WorkflowGraph } from "../workflow/graph";
import { takeRunServers } from "./connection-pool";
import { PROCESSES_KEY } from "./process-reaper";
import { waitForEvent } from "../testing/wait-for";

const redis = createRedis();
let stack: TestStack;
let httpEverything: { url: string; close: () => void };
let directory: string;
const startedAt = new Date();

beforeAll(async () => {
  stack = await startTestStack();
  httpEverything = await startEverythingHttp();
  directory = mkdtempSync(path.join(tmpdir(), "mcp-fs-"));
  writeFileSync(path.join(directory, "notes.txt"), "switchboard was here");
});
afterAll(async () => {
  // Other suites list workflows: leave the database as this file found it.
  await getDb().workflow.deleteMany({ where: { createdAt: { gte: startedAt } } });
  httpEverything.close();
  redis.disconnect();
  await stack.close();
});

/** The reaper's records of a run's process groups. */
async function recordedProcesses(runId: string): Promise<unknown[]> {
  return Object.values(await redis.hgetall(PROCESSES_KEY))
    .map((raw) => JSON.parse(raw) as { runId: string })
    .filter((record) => record.runId === runId);
}

const marker = (name: string) => `mcp-test-${name}-${process.pid}-${Date.now()}`;

const registerNodes = (graph: WorkflowGraph) => registerMcpNodes(redis, graph);
const gatewayClient = (runId: string, allowedNodeIds: string[]) => gatewayClientOf(stack.url, runId, allowedNodeIds);

describe("MCP servers through the gateway", () => {
  it("discovers a stdio server's tools at registration and routes {source}__{tool} calls to the owning worker", async () => {
    const tag = marker("stdio");
    const { runId, events, outputs, teardown } = await registerNodes({
      nodes: [mcpToolNode("everything", everythingStdio(tag))],
      edges: [],
    });
    try {
      const registered = await getRegisteredTool(redis, runId, "everything");
      expect(registered).toMatchObject({
        kind: "local-mcp",
        status: "ready",
        toolName: "everything",
        ownerQueue: expect.stringMatching(/^mcp-calls-/),
      });
      expect(registered!.tools!.map((t) => t.name)).toEqual(
        expect.arrayContaining(["echo", "get-sum", "get-structured-content"]),
      );
      expect(outputs.everything.tools).toContain("everything__echo");
      expect(events[0]).toMatchObject({
        type: "tool.registered",
        payload: { nodeId: "everything", kind: "local-mcp" },
      });
      expect(processesWith(tag)).toHaveLength(1);

      const client = await gatewayClient(runId, ["everything"]);
      const listed = await client.listTools();
      const echo = listed.tools.find((tool) => tool.name === "everything__echo");
      expect(echo?.description).toMatch(/echo/i);
      expect(echo?.inputSchema).toMatchObject({ type: "object", properties: { message: { type: "string" } } });

      const echoed = await client.callTool({ name: "everything__echo", arguments: { message: "hello over stdio" } });
      expect(echoed).toMatchObject({ isError: false, content: [{ type: "text", text: "Echo: hello over stdio" }] });
      const structured = await client.callTool({
        name: "everything__get-structured-content",
        arguments: { location: "Chicago" },
      });
      expect(structured.structuredContent).toMatchObject({
        temperature: expect.any(Number),
        conditions: expect.any(String),
        humidity: expect.any(Number),
      });
      const image = await client.callTool({ name: "everything__get-tiny-image", arguments: {} });
      expect((image.content as { type: string }[]).some((part) => part.type === "image")).toBe(true);

      expect(await client.callTool({ name: "echo", arguments: { message: "x" } })).toMatchObject({
        isError: true,
        content: [{ text: expect.stringMatching(/not available/) }],
      });
      await client.close();
    } finally {
      await teardown();
    }
    expect(processesWith(tag)).toEqual([]);
  });

  it("gives a stdio server only its declared env (secret references resolved) plus PATH, HOME and PWD", async () => {
    const tag = marker("env");
    await putSecret("MCP_TEST_GREETING", "hello-from-a-secret");
    const { runId, teardown } = await registerNodes({
      nodes: [mcpToolNode("env", { ...everythingStdio(tag), env: { GREETING: { $secret: "MCP_TEST_GREETING" } } })],
      edges: [],
    });
    try {
      const client = await gatewayClient(runId, ["env"]);
      const result = await client.callTool({ name: "env__get-env", arguments: {} });
      const env = JSON.parse((result.content as { text: string }[])[0].text) as Record<string, string>;
      // The server had the value (the gateway redacts only a run's actual secrets) and never hands it back to the
      // caller.
      expect(env.GREETING).toBe("[secret]");
      // PWD is the sandbox's working directory, HOME its private one (lib/sandbox/bwrap-args.ts)
      expect(Object.keys(env).sort()).toEqual(
        ["GREETING", "HOME", "PATH", "PWD"].filter((key) => key !== "PATH" || process.env[key] !== undefined).sort(),
      );
      expect(env.HOME).toBe("/home/sandbox");
      expect(env.DATABASE_URL).toBeUndefined();
      await client.close();
    } finally {
      await teardown();
    }
  });

  it("talks to a streamable HTTP server and applies a 'selected' filter", async () => {
    const { runId, teardown } = await registerNodes({
      nodes: [
        mcpToolNode(
          "remote",
          { transport: "http", url: httpEverything.url, toolFilter: { mode: "selected", tools: ["get-sum", "echo"] } },
          "Remote Everything",
        ),
      ],
      edges: [],
    });
    try {
      expect(await getRegisteredTool(redis, runId, "remote")).toMatchObject({
        kind: "remote-mcp",
        status: "ready",
        toolName: "remote_everything",
      });
      expect((await getRegisteredTool(redis, runId, "remote"))!.ownerQueue).toBeUndefined();
      const client = await gatewayClient(runId, ["remote"]);
      expect(await toolNames(client)).toEqual(["remote_everything__echo", "remote_everything__get-sum"]);
      const sum = await client.callTool({ name: "remote_everything__get-sum", arguments: { a: 2, b: 40 } });
      expect(JSON.stringify(sum.content)).toContain("42");
      expect(await client.callTool({ name: "remote_everything__get-tiny-image", arguments: {} })).toMatchObject({
        isError: true,
        content: [{ text: expect.stringMatching(/not available/) }],
      });
      await client.close();
    } finally {
      await teardown();
    }
  });

  it("talks to a legacy HTTP+SSE server, chosen or found by 'auto' after Streamable HTTP is refused", async () => {
    const sseEverything = await startEverythingHttp("sse");
    const { runId, teardown } = await registerNodes({
      nodes: [
        mcpToolNode(
          "legacy",
          {
            transport: "http",
            url: sseEverything.url,
            protocol: "sse",
            toolFilter: { mode: "selected", tools: ["echo"] },
          },
          "Legacy",
        ),
        mcpToolNode(
          "found",
          { transport: "http", url: sseEverything.url, toolFilter: { mode: "selected", tools: ["get-sum"] } },
          "Found",
        ),
      ],
      edges: [],
    });
    try {
      expect(await getRegisteredTool(redis, runId, "legacy")).toMatchObject({ kind: "remote-mcp", status: "ready" });
      expect(await getRegisteredTool(redis, runId, "found")).toMatchObject({ kind: "remote-mcp", status: "ready" });
      const client = await gatewayClient(runId, ["legacy", "found"]);
      expect(await toolNames(client)).toEqual(["found__get-sum", "legacy__echo"]);
      expect(
        JSON.stringify((await client.callTool({ name: "legacy__echo", arguments: { message: "over sse" } })).content),
      ).toContain("over sse");
      expect(
        JSON.stringify((await client.callTool({ name: "found__get-sum", arguments: { a: 40, b: 2 } })).content),
      ).toContain("42");
      await client.close();
    } finally {
      await teardown();
      sseEverything.close();
    }
  });

  it("serves an HTTP server's call on a worker that holds no client for it, over a short-lived connection", async () => {
    const { runId, teardown } = await registerNodes({
      nodes: [mcpToolNode("remote", { transport: "http", url: httpEverything.url })],
      edges: [],
    });
    try {
      // As if another worker had registered it: this process keeps no live client for the run.
      for (const server of takeRunServers(runId)) await server.live.close();
      const client = await gatewayClient(runId, ["remote"]);
      const echoed = await client.callTool({ name: "remote__echo", arguments: { message: "any worker" } });
      expect(echoed).toMatchObject({ isError: false, content: [{ type: "text", text: "Echo: any worker" }] });
      await client.close();
    } finally {
      await teardown();
    }
  });

  it("hides tools an 'all except' filter leaves out, on server-filesystem", async () => {
    const tag = marker("fs");
    const { runId, teardown } = await registerNodes({
      nodes: [
        mcpToolNode("files", {
          ...filesystemStdio(directory, tag),
          toolFilter: { mode: "except", tools: ["write_file", "edit_file", "move_file", "create_directory"] },
        }),
      ],
      edges: [],
    });
    try {
      const client = await gatewayClient(runId, ["files"]);
      const listed = await toolNames(client);
      expect(listed).toContain("files__read_text_file");
      expect(listed).toContain("files__list_directory");
      expect(listed).not.toContain("files__write_file");
      const read = await client.callTool({
        name: "files__read_text_file",
        arguments: { path: path.join(directory, "notes.txt") },
      });
      expect(JSON.stringify(read.content)).toContain("switchboard was here");
      await client.close();
    } finally {
      await teardown();
    }
    expect(processesWith(tag)).toEqual([]);
  });

  it("registers a group's servers as {groupNodeId}-{serverId}; an agent wired to the group sees both", async () => {
    const tag = marker("group");
    const group = graphNode("tools", "mcp.group", {
      mode: "tool",
      params: {
        servers: [
          { id: "everything", ...everythingStdio(tag), toolFilter: { mode: "selected", tools: ["echo"] } },
          {
            id: "files",
            ...filesystemStdio(directory, tag),
            toolFilter: { mode: "selected", tools: ["list_directory"] },
          },
        ],
      },
    });
    const { runId, teardown } = await registerNodes({ nodes: [group], edges: [] });
    try {
      expect(await getRegisteredTool(redis, runId, "tools-everything")).toMatchObject({ status: "ready" });
      expect(await getRegisteredTool(redis, runId, "tools-files")).toMatchObject({ status: "ready" });
      const client = await gatewayClient(runId, ["tools"]);
      expect(await toolNames(client)).toEqual(["everything__echo", "files__list_directory"]);
      const listing = await client.callTool({ name: "files__list_directory", arguments: { path: directory } });
      expect(JSON.stringify(listing.content)).toContain("notes.txt");
      await client.close();
      const other = await gatewayClient(runId, ["tools-files"]);
      expect(await toolNames(other)).toEqual(["files__list_directory"]);
      await other.close();
    } finally {
      await teardown();
    }
    expect(processesWith(tag)).toEqual([]);
  });

  it("reports health: green while the server answers pings, red once it is gone", async () => {
    const tag = marker("health");
    const { events, teardown } = await registerNodes({
      nodes: [mcpToolNode("watched", { ...everythingStdio(tag), healthCheckSeconds: 0.2 })],
      edges: [],
    });
    const health = () =>
      events
        .filter((e): e is Extract<RunEventInput, { type: "tool.health" }> => e.type === "tool.health")
        .map((e) => e.payload);
    try {
      await expect.poll(health, { timeout: 5_000 }).toEqual([
        expect.objectContaining({
          nodeId: "watched",
          toolName: "watched",
          status: "green",
          latencyMs: expect.any(Number),
        }),
      ]);
      for (const pid of processesWith(tag)) process.kill(pid, "SIGKILL");
      await expect.poll(() => health().map((h) => h.status), { timeout: 8_000 }).toEqual(["green", "red"]);
      expect(health()[1].error).toBeTruthy();
    } finally {
      await teardown();
    }
  });

  it("ends a call that outlives the node's call timeout with a clear error", async () => {
    const tag = marker("timeout");
    const { runId, teardown } = await registerNodes({
      nodes: [mcpToolNode("slow", { ...everythingStdio(tag), callTimeoutSeconds: 1 })],
      edges: [],
    });
    try {
      const client = await gatewayClient(runId, ["slow"]);
      const startedAt = Date.now();
      const result = await client.callTool({
        name: "slow__trigger-long-running-operation",
        arguments: { duration: 5, steps: 5 },
      });
      expect(Date.now() - startedAt).toBeLessThan(4_000);
      expect(result.isError).toBe(true);
      expect(JSON.stringify(result.content)).toContain(
        'MCP server \\"slow\\" did not answer slow__trigger-long-running-operation within 1 s',
      );
      await client.close();
    } finally {
      await teardown();
    }
  });
});

/** What the editor's server action runs, for an admin. */
const discoverMcpToolsAs = (input: unknown) => discoverMcpTools(input, "admin");

describe("Discover tools (what the editor's server action runs)", () => {
  it("refuses an editor discovering a stdio server: it would start a program", async () => {
    const answer = await discoverMcpTools(
      {
        nodeId: "n1",
        type: "mcp.server",
        label: "Local",
        params: { transport: "stdio", command: "node", args: ["-e", "1"] },
      },
      "editor",
    );
    expect(answer).toEqual({
      ok: false,
      error: "Only an admin may discover the tools of a stdio MCP server: it starts a program on this machine",
    });
  });

  it("lists each group server's tools with descriptions, and a failing server's own error", async () => {
    const tag = marker("discover");
    const discovery = await discoverMcpToolsAs({
      nodeId: "grp",
      type: "mcp.group",
      label: "Group",
      params: {
        servers: [
          { id: "everything", ...everythingStdio(tag) },
          { id: "down", transport: "http", url: "http://127.0.0.1:9/mcp" },
        ],
      },
    });
    expect(discovery.ok).toBe(true);
    if (!discovery.ok) return;
    const [everything, down] = discovery.servers;
    expect(everything).toMatchObject({ key: "everything", ok: true });
    expect(everything.ok && everything.tools.find((tool) => tool.name === "echo")).toEqual({
      name: "echo",
      description: "Echoes back the input string",
    });
    expect(down).toMatchObject({
      key: "down",
      ok: false,
      error: expect.stringMatching(/HTTP server http:\/\/127.0.0.1:9 did not answer/),
    });
    expect(processesWith(tag)).toEqual([]);
  });

  it("answers a bad node with an error naming it, not a crash", async () => {
    expect(
      await discoverMcpToolsAs({
        nodeId: "n1",
        type: "mcp.server",
        label: "Broken",
        params: { transport: "ref", ref: "missing" },
      }),
    ).toEqual({
      ok: false,
      error: 'MCP node "Broken" (n1): no workflow-level MCP server named "missing"',
    });
    expect(await discoverMcpToolsAs({ nodeId: "n1", type: "core.agent", label: "A", params: {} })).toMatchObject({
      ok: false,
      error: expect.stringContaining("only MCP Server and MCP Group"),
    });
  });
});

describe("MCP servers in a run", () => {
  const agentCalling = (calls: { tool: string; args: Record<string, unknown> }[]) =>
    graphNode("agent", "core.agent", {
      params: { provider: "scripted", script: { toolCalls: calls, finalText: "{{results.0}}" } },
    });

  it("runs an agent against a stdio server, then tears it down: teardown events, registry gone, no processes left", async () => {
    const tag = marker("run");
    const graph: WorkflowGraph = {
      nodes: [
        graphNode("entry", "core.entry"),
        agentCalling([{ tool: "everything__echo", args: { message: "from the agent" } }]),
        mcpToolNode("everything", everythingWithHelper(tag)),
      ],
      edges: [graphEdge("entry", "output", "agent", "input"), graphEdge("everything", "tool", "agent", "tools")],
    };
    expect(processesWith(tag)).toEqual([]);
    const { runId, result } = await runWorkflowToEnd(stack, graph, "go");
    expect(result.error).toBeNull();
    expect(result.output).toMatchObject({ text: "Echo: from the agent" });
    const events = await listEvents(runId);
    const call = events.find((e) => e.type === "tool.call.completed");
    expect(call?.payload).toMatchObject({ toolName: "everything__echo", isError: false });
    const types = events.map((e) => e.type);
    expect(types.indexOf("tool.teardown")).toBeGreaterThan(types.indexOf("tool.call.completed"));
    expect(types.at(-1)).toBe("run.completed");
    expect(events.find((e) => e.type === "tool.teardown")?.payload).toMatchObject({
      nodeId: "everything",
      detail: expect.stringMatching(/process group \d+ killed/),
    });
    expect(await redis.exists(registryKey(runId))).toBe(0);
    expect(processesWith(tag)).toEqual([]);
    expect(await recordedProcesses(runId)).toEqual([]);
  });

  it("resolves a node's reference to a workflow-level MCP server", async () => {
    const graph: WorkflowGraph = {
      nodes: [
        graphNode("entry", "core.entry"),
        agentCalling([{ tool: "docs__get-sum", args: { a: 20, b: 22 } }]),
        mcpToolNode("docs", { transport: "ref", ref: "shared-everything" }),
      ],
      edges: [graphEdge("entry", "output", "agent", "input"), graphEdge("docs", "tool", "agent", "tools")],
      mcpServers: { "shared-everything": { transport: "http", url: httpEverything.url } },
    };
    const { runId, result } = await runWorkflowToEnd(stack, graph, "go");
    expect(result.status).toBe("completed");
    expect(JSON.stringify(result.output)).toContain("42");
    expect((await listEvents(runId)).find((e) => e.type === "tool.registered")?.payload).toMatchObject({
      nodeId: "docs",
      kind: "remote-mcp",
    });
  });

  it("cancels a run mid-call: run.cancelled, teardown, no processes left", async () => {
    const tag = marker("cancel");
    const graph: WorkflowGraph = {
      nodes: [
        graphNode("entry", "core.entry"),
        agentCalling([{ tool: "slow__trigger-long-running-operation", args: { duration: 30, steps: 3 } }]),
        mcpToolNode("slow", everythingStdio(tag)),
      ],
      edges: [graphEdge("entry", "output", "agent", "input"), graphEdge("slow", "tool", "agent", "tools")],
    };
    const runId = await startWorkflowRun(stack, graph, "go");
    await waitForEvent(runId, (event) => event.type === "tool.call.started");
    expect(processesWith(tag)).toHaveLength(1);
    const cancel = await stack.fetch(`/api/runs/${runId}/cancel`, { method: "POST" });
    expect(cancel.status).toBe(202);
    const result = await waitForRun(stack, runId, 10_000);
    expect(result.status).toBe("cancelled");
    const types = (await listEvents(runId)).map((e) => e.type);
    expect(types.at(-1)).toBe("run.cancelled");
    expect(types).toContain("tool.teardown");
    expect(processesWith(tag)).toEqual([]);
    const again = await stack.fetch(`/api/runs/${runId}/cancel`, { method: "POST" });
    expect(again.status).toBe(409);
    expect((await stack.fetch(`/api/runs/no-such-run/cancel`, { method: "POST" })).status).toBe(404);
  });

  it("goes on when a server fails to start: unavailable with the reason, the other tools still work", async () => {
    const tag = marker("broken");
    const graph: WorkflowGraph = {
      nodes: [
        graphNode("entry", "core.entry"),
        agentCalling([{ tool: "good__echo", args: { message: "still here" } }]),
        mcpToolNode("broken", {
          transport: "stdio",
          command: "node",
          args: ["-e", "console.error('cannot start: ' + process.argv[1]); process.exit(3)", tag],
          startupTimeoutSeconds: 5,
        }),
        mcpToolNode("forbidden", { transport: "stdio", command: "bash", args: ["-c", "true"] }),
        mcpToolNode("good", everythingStdio(tag)),
      ],
      edges: [
        graphEdge("entry", "output", "agent", "input"),
        graphEdge("broken", "tool", "agent", "tools"),
        graphEdge("forbidden", "tool", "agent", "tools"),
        graphEdge("good", "tool", "agent", "tools"),
      ],
    };
    const { runId, result } = await runWorkflowToEnd(stack, graph, "go");
    expect(result.status).toBe("completed");
    expect(result.output).toMatchObject({ text: "Echo: still here" });
    const unavailable = (await listEvents(runId)).filter(
      (e): e is Extract<RunEvent, { type: "tool.unavailable" }> => e.type === "tool.unavailable",
    );
    expect(unavailable.map((e) => e.payload.nodeId).sort()).toEqual(["broken", "forbidden"]);
    expect(unavailable.find((e) => e.payload.nodeId === "broken")!.payload.error).toMatch(
      /did not start.*cannot start/,
    );
    expect(unavailable.find((e) => e.payload.nodeId === "forbidden")!.payload.error).toMatch(
      /"bash" is not on the MCP allow-list/,
    );
    expect(processesWith(tag)).toEqual([]);
    expect(await recordedProcesses(runId)).toEqual([]);
  });
});

describe("stdio servers in the sandbox", () => {
  it("leaves nothing behind when a server times out at start-up, however often it is retried, even a detached grandchild", async () => {
    const tag = marker("silent");
    const grandchild = uniqueSleep();
    const silent =
      `require("node:child_process").spawn("sh", ["-c", "setsid sleep ${grandchild} </dev/null ` +
      `>/dev/null 2>&1 &"], { stdio: "ignore", detached: true }); setInterval(() => {}, 1000)`;
    const starts: number[] = [];
    const connecting = connectMcpServer(
      { transport: "stdio", command: "node", args: ["-e", silent, tag], env: {} },
      { startupTimeoutMs: 1500, retries: 2, backoffMs: 50, onSpawn: (pgid) => void starts.push(pgid) },
    );
    await expect(connecting).rejects.toThrow(/did not start/);
    expect(starts).toHaveLength(3); // the first try and two retries, each started a server and its grandchild
    expect(await survivorsAfter(tag, 3000)).toEqual([]);
    expect(await survivorsAfter(grandchild, 3000)).toEqual([]);
  });

  it("writes only in its declared roots: server-filesystem cannot create a file outside them", async () => {
    const tag = marker("fs-write");
    const outside = mkdtempSync(path.join(tmpdir(), "switchboard-mcp-outside-"));
    // It is told both directories, but only `directory` is declared as a root: `outside` is not in its box.
    const writer = await connectMcpServer({
      ...filesystemStdio(directory, tag),
      args: [FILESYSTEM_BIN, directory, outside],
    });
    try {
      const refused = await writer.client.callTool({
        name: "write_file",
        arguments: { path: path.join(outside, "escaped.txt"), content: "outside" },
      });
      expect(refused.isError).toBe(true);
      expect(existsSync(path.join(outside, "escaped.txt"))).toBe(false);
      const wrote = await writer.client.callTool({
        name: "write_file",
        arguments: { path: path.join(directory, "from-the-box.txt"), content: "inside" },
      });
      expect(wrote.isError).toBeFalsy();
      expect(readFileSync(path.join(directory, "from-the-box.txt"), "utf8")).toBe("inside");
    } finally {
      await writer.close();
    }
    expect(await survivorsAfter(tag, 3000)).toEqual([]);
  });
});
