/** The compiler: plans, connectedToolNodeIds, and every validation error with the node or edge it names. */
import { describe, expect, it } from "vitest";
import { lookupComponent } from "../nodes";
import { compileWorkflow, type CompileResult } from "./compile";
import type { WorkflowEdge, WorkflowGraph, WorkflowNode } from "./graph";

const node = (id: string, type: string, extra: Partial<WorkflowNode["data"]> = {}): WorkflowNode => ({
  id,
  type,
  position: { x: 0, y: 0 },
  data: { label: id, mode: "normal", params: {}, ...extra },
});
const edge = (
  id: string,
  source: string,
  sourceHandle: string,
  target: string,
  targetHandle: string,
): WorkflowEdge => ({
  id,
  source,
  sourceHandle,
  target,
  targetHandle,
});
const httpTool = (id: string) => node(id, "core.http.request", { mode: "tool", params: { url: "/api/health" } });

function compile(graph: WorkflowGraph): CompileResult {
  return compileWorkflow(graph, lookupComponent);
}

function errorsOf(graph: WorkflowGraph) {
  const result = compile(graph);
  if (result.ok) throw new Error("expected compile errors, got a plan");
  return result.errors;
}

const skeleton = (): WorkflowGraph => ({
  nodes: [node("entry", "core.entry"), node("agent", "core.agent"), httpTool("http")],
  edges: [edge("e1", "entry", "output", "agent", "input"), edge("t1", "http", "tool", "agent", "tools")],
});

describe("compileWorkflow", () => {
  it("leaves out params whose fields the node's settings hide, so a scripted Agent's leftover API key secret is neither required nor resolved", () => {
    const graph = skeleton();
    const key = { $secret: "OPENAI_API_KEY" };
    graph.nodes[1].data.params = {
      provider: "scripted",
      baseUrl: "https://api.openai.com/v1",
      apiKey: key,
      prompt: "{{input}}",
    };
    const scripted = compile(graph);
    if (!scripted.ok) throw new Error(scripted.errors[0].message);
    expect(scripted.plan.nodes.agent.params).not.toHaveProperty("apiKey");
    expect(scripted.plan.nodes.agent.params).not.toHaveProperty("baseUrl");
    expect(scripted.plan.nodes.agent.params).toMatchObject({ provider: "scripted", prompt: "{{input}}" });
    graph.nodes[1].data.params = { ...graph.nodes[1].data.params, provider: "openai-compatible", model: "gpt-4o-mini" };
    const openai = compile(graph);
    if (!openai.ok) throw new Error(openai.errors[0].message);
    expect(openai.plan.nodes.agent.params).toMatchObject({ apiKey: key, baseUrl: "https://api.openai.com/v1" });
  });

  it("points out an OpenAI-compatible model with no Base URL or model instead of falling back to OpenAI", () => {
    const graph = skeleton();
    graph.nodes[1].data.params = { provider: "openai-compatible", baseUrl: " ", model: "" };
    expect(errorsOf(graph)).toEqual([
      expect.objectContaining({
        code: "invalid-param",
        nodeId: "agent",
        field: "baseUrl",
        message: expect.stringContaining('"agent" needs a Base URL'),
      }),
      expect.objectContaining({
        code: "invalid-param",
        nodeId: "agent",
        field: "model",
        message: expect.stringContaining('"agent" needs a model'),
      }),
    ]);
    graph.nodes[1].data.params = {
      provider: "openai-compatible",
      baseUrl: "http://localhost:11434/v1",
      model: "llama3.1",
    };
    expect(compile(graph).ok).toBe(true);
  });

  it("names a temperature out of range and an answer length that is not a whole positive number", () => {
    const graph = skeleton();
    graph.nodes[1].data.params = {
      provider: "anthropic",
      model: "claude-sonnet-4-5",
      temperature: 3,
      maxOutputTokens: 0.5,
    };
    expect(errorsOf(graph)).toEqual([
      expect.objectContaining({
        code: "invalid-param",
        nodeId: "agent",
        field: "temperature",
        message: '"agent" needs a temperature from 0 to 2, or none for the model\'s default',
      }),
      expect.objectContaining({
        code: "invalid-param",
        nodeId: "agent",
        field: "maxOutputTokens",
        message: '"agent" needs a whole number of max output tokens, 1 or more, or none for the provider\'s default',
      }),
    ]);
    graph.nodes[1].data.params = {
      provider: "anthropic",
      model: "claude-sonnet-4-5",
      temperature: 0.7,
      maxOutputTokens: 1024,
    };
    expect(compile(graph).ok).toBe(true);
  });

  it("orders nodes by dependency and lists the tools wired to each agent", () => {
    const result = compile(skeleton());
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const { order, nodes, outputNodeIds } = result.plan;
    expect(order.indexOf("entry")).toBeLessThan(order.indexOf("agent"));
    expect(order.indexOf("http")).toBeLessThan(order.indexOf("agent"));
    expect(nodes.agent.connectedToolNodeIds).toEqual(["http"]);
    expect(nodes.agent.inputs).toEqual({ input: { nodeId: "entry", port: "output" } });
    expect(nodes.http.agentInputs).toEqual(["url"]);
    expect(outputNodeIds).toEqual(["agent"]);
  });

  it("gives each agent only its own tools", () => {
    const graph: WorkflowGraph = {
      nodes: [node("a1", "core.agent"), node("a2", "core.agent"), httpTool("h1"), httpTool("h2"), httpTool("h3")],
      edges: [
        edge("t1", "h1", "tool", "a1", "tools"),
        edge("t2", "h2", "tool", "a2", "tools"),
        edge("t3", "h3", "tool", "a2", "tools"),
      ],
    };
    const result = compile(graph);
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(result.plan.nodes.a1.connectedToolNodeIds).toEqual(["h1"]);
    expect(result.plan.nodes.a2.connectedToolNodeIds).toEqual(["h2", "h3"]);
  });

  it("fills params with the component defaults and honours exposed inputs", () => {
    const graph = skeleton();
    graph.nodes[2].data.toolConfig = { exposedInputIds: ["url", "body"] };
    const result = compile(graph);
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(result.plan.nodes.http.params).toMatchObject({ method: "GET", url: "/api/health" });
    expect(result.plan.nodes.agent.params).toMatchObject({ provider: "scripted", maxIterations: 10 });
    expect(result.plan.nodes.http.agentInputs).toEqual(["url", "body"]);
  });

  it("names an unknown component", () => {
    expect(errorsOf({ nodes: [node("x", "core.nope")], edges: [] })).toEqual([
      expect.objectContaining({
        code: "unknown-component",
        nodeId: "x",
        message: expect.stringContaining("core.nope"),
      }),
    ]);
  });

  it("names a duplicate node id", () => {
    const errors = errorsOf({ nodes: [node("a", "core.entry"), node("a", "core.entry")], edges: [] });
    expect(errors).toEqual([expect.objectContaining({ code: "duplicate-id", nodeId: "a" })]);
  });

  it("names a dangling edge", () => {
    const errors = errorsOf({
      nodes: [node("entry", "core.entry")],
      edges: [edge("e9", "entry", "output", "ghost", "input")],
    });
    expect(errors).toEqual([
      expect.objectContaining({ code: "dangling-edge", edgeId: "e9", message: expect.stringContaining("ghost") }),
    ]);
  });

  it("names an edge to a handle the component does not have", () => {
    const errors = errorsOf({
      nodes: [node("entry", "core.entry"), node("agent", "core.agent")],
      edges: [edge("e1", "entry", "output", "agent", "nonsense")],
    });
    expect(errors).toEqual([expect.objectContaining({ code: "unknown-handle", edgeId: "e1", nodeId: "agent" })]);
  });

  it("refuses a tool edge into anything but an agent's tools handle", () => {
    const graph: WorkflowGraph = {
      nodes: [
        httpTool("http"),
        node("agent", "core.agent"),
        node("http2", "core.http.request", { params: { url: "/x" } }),
      ],
      edges: [edge("t1", "http", "tool", "agent", "input"), edge("t2", "http", "tool", "http2", "tools")],
    };
    const errors = errorsOf(graph);
    expect(errors).toEqual([
      expect.objectContaining({ code: "tool-edge-target", edgeId: "t1", nodeId: "agent" }),
      expect.objectContaining({ code: "tool-edge-target", edgeId: "t2", nodeId: "http2" }),
    ]);
  });

  it("refuses a data output wired into a tools handle", () => {
    const errors = errorsOf({
      nodes: [node("entry", "core.entry"), node("agent", "core.agent")],
      edges: [edge("e1", "entry", "output", "agent", "tools")],
    });
    expect(errors).toEqual([expect.objectContaining({ code: "tool-edge-source", edgeId: "e1", nodeId: "entry" })]);
  });

  it("refuses a tool handle on a node that is not in tool mode", () => {
    const errors = errorsOf({
      nodes: [node("http", "core.http.request", { params: { url: "/x" } }), node("agent", "core.agent")],
      edges: [edge("t1", "http", "tool", "agent", "tools")],
    });
    expect(errors).toEqual([expect.objectContaining({ code: "tool-edge-source", edgeId: "t1", nodeId: "http" })]);
  });

  it("refuses a data edge out of a tool-mode node", () => {
    const errors = errorsOf({
      nodes: [httpTool("http"), node("agent", "core.agent")],
      edges: [edge("d1", "http", "body", "agent", "input")],
    });
    expect(errors).toEqual([expect.objectContaining({ code: "data-edge-from-tool", edgeId: "d1", nodeId: "http" })]);
  });

  it("refuses tool mode on a component that cannot be a tool", () => {
    const errors = errorsOf({ nodes: [node("entry", "core.entry", { mode: "tool" })], edges: [] });
    expect(errors).toEqual([expect.objectContaining({ code: "not-a-tool", nodeId: "entry" })]);
  });

  it("names every node on a cycle", () => {
    const graph: WorkflowGraph = {
      nodes: [node("entry", "core.entry"), node("a", "core.agent"), node("b", "core.agent")],
      edges: [edge("e1", "a", "text", "b", "input"), edge("e2", "b", "text", "a", "input")],
    };
    const errors = errorsOf(graph);
    expect(errors.map((e) => [e.code, e.nodeId])).toEqual([
      ["cycle", "a"],
      ["cycle", "b"],
    ]);
  });

  it("names a missing required param with its field", () => {
    const errors = errorsOf({ nodes: [node("http", "core.http.request")], edges: [] });
    expect(errors).toEqual([expect.objectContaining({ code: "missing-param", nodeId: "http", field: "url" })]);
  });

  it("accepts a required param filled by an upstream edge or by the agent", () => {
    const graph: WorkflowGraph = {
      nodes: [
        node("entry", "core.entry"),
        node("http", "core.http.request"),
        node("agent", "core.agent"),
        node("tool", "core.http.request", { mode: "tool" }),
      ],
      edges: [edge("e1", "entry", "output", "http", "url"), edge("t1", "tool", "tool", "agent", "tools")],
    };
    expect(compile(graph).ok).toBe(true);
  });

  it("takes a second wire into the same input as another source of it, and refuses a duplicate connection", () => {
    const graph: WorkflowGraph = {
      nodes: [node("e1", "core.entry"), node("hook", "trigger.webhook"), node("out", "core.output")],
      edges: [edge("x1", "e1", "output", "out", "value"), edge("x2", "hook", "output", "out", "value")],
    };
    const result = compile(graph);
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(result.plan.nodes.out.inputs.value).toEqual({
      nodeId: "e1",
      port: "output",
      alsoFrom: [{ nodeId: "hook", port: "output" }],
    });
    expect(result.plan.nodes.out.dependsOn).toEqual(["e1", "hook"]);
    expect(result.plan.order.indexOf("out")).toBe(2);

    graph.edges.push(edge("x3", "hook", "output", "out", "value"));
    expect(errorsOf(graph)).toEqual([expect.objectContaining({ code: "duplicate-edge", edgeId: "x3" })]);
  });

  it("refuses the same tool wired twice into one agent", () => {
    const graph = skeleton();
    graph.edges.push(edge("t2", "http", "tool", "agent", "tools"));
    expect(errorsOf(graph)).toEqual([expect.objectContaining({ code: "duplicate-edge", edgeId: "t2" })]);
  });
});

describe("compileWorkflow: templates and tool-using nodes", () => {
  const toolCallGraph = (args: Record<string, unknown>): WorkflowGraph => ({
    nodes: [
      node("entry", "core.entry", { label: "Entry" }),
      node("call", "core.tool.call", { params: { args } }),
      httpTool("http"),
    ],
    edges: [edge("t1", "http", "tool", "call", "tools")],
  });

  it("makes a node a template names into a dependency, and no longer a run output", () => {
    const result = compile(toolCallGraph({ url: "/api/health?ip={{entry.ip}}" }));
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(result.plan.nodes.call.templateSources).toEqual({ entry: "entry" });
    expect(result.plan.nodes.call.dependsOn).toContain("entry");
    expect(result.plan.order.indexOf("entry")).toBeLessThan(result.plan.order.indexOf("call"));
    expect(result.plan.outputNodeIds).toEqual(["call"]);
  });

  it("reports a template naming an unknown node, with the node and the field", () => {
    expect(errorsOf(toolCallGraph({ url: "{{nowhere.ip}}" }))).toEqual([
      expect.objectContaining({
        code: "unknown-reference",
        nodeId: "call",
        field: "args",
        message: expect.stringContaining('no node is called "nowhere"'),
      }),
    ]);
  });

  it("reports a template naming a tool-mode node, which has no output", () => {
    expect(errorsOf(toolCallGraph({ url: "{{http.body}}" }))).toEqual([
      expect.objectContaining({ code: "unknown-reference", nodeId: "call", field: "args" }),
    ]);
  });

  it("lets {{input}} in an agent's prompt mean its own Input handle", () => {
    const graph = skeleton();
    graph.nodes[1].data.params = { prompt: "Question: {{input}} (from {{Entry.output}})" };
    graph.nodes[0].data.label = "Entry";
    const result = compile(graph);
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(result.plan.nodes.agent.templateSources).toEqual({ Entry: "entry" });
  });

  it("needs a tool wired into a Tool Call node", () => {
    const graph: WorkflowGraph = { nodes: [node("call", "core.tool.call")], edges: [] };
    expect(errorsOf(graph)).toEqual([expect.objectContaining({ code: "missing-tool", nodeId: "call" })]);
  });

  it("accepts tools wired into LLM and Tool Call nodes", () => {
    const graph: WorkflowGraph = {
      nodes: [node("llm", "core.llm"), node("call", "core.tool.call"), httpTool("h1"), httpTool("h2")],
      edges: [edge("t1", "h1", "tool", "llm", "tools"), edge("t2", "h2", "tool", "call", "tools")],
    };
    const result = compile(graph);
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(result.plan.nodes.llm.connectedToolNodeIds).toEqual(["h1"]);
    expect(result.plan.nodes.call.connectedToolNodeIds).toEqual(["h2"]);
  });
});

describe("compileWorkflow: an Agent's token budget", () => {
  it("is offered in the inspector next to the iteration limit and means no limit by default; the output says why the loop stopped", () => {
    const agent = lookupComponent("core.agent")!;
    const names = agent.fields!.map((field) => field.name);
    expect(names.indexOf("tokenBudget")).toBe(names.indexOf("maxIterations") + 1);
    expect(agent.fields!.find((field) => field.name === "tokenBudget")).toMatchObject({
      label: "Token budget",
      kind: "number",
    });
    expect(agent.outputs.map((port) => port.name)).toContain("stopReason");

    const result = compile({ nodes: [node("agent", "core.agent")], edges: [] });
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(result.plan.nodes.agent.params).toMatchObject({ tokenBudget: 0 });
  });
});

describe("compileWorkflow: MCP server settings", () => {
  const mcpTool = (id: string, type: "mcp.server" | "mcp.group", params: Record<string, unknown>) =>
    node(id, type, { label: `My ${id}`, mode: "tool", params });
  /** An agent with the given MCP nodes wired as tools, and optionally workflow-level servers. */
  const withMcp = (nodes: WorkflowNode[], mcpServers?: Record<string, unknown>): WorkflowGraph => ({
    nodes: [node("entry", "core.entry"), node("agent", "core.agent"), ...nodes],
    edges: [
      edge("e1", "entry", "output", "agent", "input"),
      ...nodes.map((n) => edge(`t-${n.id}`, n.id, "tool", "agent", "tools")),
    ],
    ...(mcpServers ? { mcpServers } : {}),
  });
  const declared = { shared: { transport: "http", url: "https://mcp.example.com/mcp" } };

  it("accepts a stdio command, an http(s) or ws(s) URL, a declared reference and a group of them", () => {
    const result = compile(
      withMcp(
        [
          mcpTool("s", "mcp.server", { transport: "stdio", command: "npx", args: ["-y", "server"] }),
          mcpTool("h", "mcp.server", { transport: "http", url: "http://127.0.0.1:9/mcp" }),
          mcpTool("w", "mcp.server", { transport: "http", url: "wss://mcp.example.com/ws", protocol: "websocket" }),
          mcpTool("r", "mcp.server", { transport: "ref", ref: "shared" }),
          mcpTool("g", "mcp.group", {
            servers: [
              { id: "a", transport: "stdio", command: "node" },
              { id: "b", transport: "ref", ref: "shared" },
            ],
          }),
        ],
        declared,
      ),
    );
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(result.plan.nodes.agent.connectedToolNodeIds).toEqual(["s", "h", "w", "r", "g"]);
  });

  it("names a stdio server with no command, on the command field", () => {
    for (const params of [{}, { transport: "stdio", command: "  " }]) {
      expect(errorsOf(withMcp([mcpTool("s", "mcp.server", params)]))).toEqual([
        {
          code: "invalid-param",
          nodeId: "s",
          field: "command",
          message: '"My s" needs a command to start its stdio MCP server',
        },
      ]);
    }
  });

  it("names a remote server with no URL, an unparseable one, or one that is not http(s) or ws(s), on the url field", () => {
    const cases: [string, string][] = [
      ["", '"My h" needs the URL of its MCP server'],
      ["not a url", '"My h" has URL "not a url", which is not an absolute http(s) or ws(s) URL'],
      ["ftp://files.example.com/mcp", '"My h" has URL "ftp://files.example.com/mcp", which is not http(s) or ws(s)'],
    ];
    for (const [url, message] of cases) {
      expect(errorsOf(withMcp([mcpTool("h", "mcp.server", { transport: "http", url })]))).toEqual([
        { code: "invalid-param", nodeId: "h", field: "url", message },
      ]);
    }
  });

  it("names a protocol the URL's scheme cannot speak, on the protocol field, in nodes, groups and workflow servers", () => {
    expect(
      errorsOf(
        withMcp([
          mcpTool("h", "mcp.server", { transport: "http", url: "https://mcp.example.com/mcp", protocol: "websocket" }),
        ]),
      ),
    ).toEqual([
      {
        code: "invalid-param",
        nodeId: "h",
        field: "protocol",
        message: '"My h" has protocol "websocket", which needs a ws:// or wss:// URL, not https://',
      },
    ]);
    expect(
      errorsOf(
        withMcp([
          mcpTool("g", "mcp.group", {
            servers: [{ id: "a", transport: "http", url: "ws://mcp.example.com/ws", protocol: "sse" }],
          }),
        ]),
      ),
    ).toEqual([
      {
        code: "invalid-param",
        nodeId: "g",
        field: "servers",
        message:
          'Server "a" of "My g" has protocol "sse", which cannot speak to a ws:// URL (a WebSocket server takes ' +
          '"websocket" or "auto")',
      },
    ]);
    expect(
      errorsOf(
        withMcp([], { sock: { transport: "http", url: "wss://mcp.example.com/ws", protocol: "streamable-http" } }),
      ),
    ).toEqual([
      {
        code: "invalid-mcp-server",
        message:
          'Workflow MCP server "sock" is invalid: protocol: "streamable-http" cannot speak to a wss:// URL (a ' +
          'WebSocket server takes "websocket" or "auto")',
      },
    ]);
  });

  it("names an OAuth client secret without its client id on the client id field, and accepts OAuth with dynamic registration", () => {
    const oauth = { transport: "http", url: "https://mcp.example.com/mcp", auth: "oauth" };
    expect(compile(withMcp([mcpTool("h", "mcp.server", oauth)])).ok).toBe(true);
    expect(
      errorsOf(withMcp([mcpTool("h", "mcp.server", { ...oauth, oauthClientSecret: { $secret: "CLIENT_SECRET" } })])),
    ).toEqual([
      {
        code: "invalid-param",
        nodeId: "h",
        field: "oauthClientId",
        message: expect.stringContaining("a client secret needs the client id it belongs to"),
      },
    ]);
  });

  it("names a reference to a server the workflow does not declare, or to an invalid declaration, on the ref field", () => {
    expect(errorsOf(withMcp([mcpTool("r", "mcp.server", { transport: "ref", ref: "missing" })], declared))).toEqual([
      {
        code: "invalid-param",
        nodeId: "r",
        field: "ref",
        message: '"My r" refers to MCP server "missing", which the workflow does not declare (it declares "shared")',
      },
    ]);
    expect(errorsOf(withMcp([mcpTool("r", "mcp.server", { transport: "ref", ref: "" })]))).toEqual([
      { code: "invalid-param", nodeId: "r", field: "ref", message: '"My r" needs the name of a workflow MCP server' },
    ]);
    const errors = errorsOf(
      withMcp([mcpTool("r", "mcp.server", { transport: "ref", ref: "broken" })], {
        broken: { transport: "http", url: "nope" },
      }),
    );
    expect(errors).toEqual([
      {
        code: "invalid-param",
        nodeId: "r",
        field: "ref",
        message: expect.stringMatching(/^"My r" refers to MCP server "broken", which is invalid: url: /),
      },
      { code: "invalid-mcp-server", message: expect.stringMatching(/^Workflow MCP server "broken" is invalid: url: /) },
    ]);
  });

  it("names an MCP Group with no servers, and each bad server of a group by its id", () => {
    expect(errorsOf(withMcp([mcpTool("g", "mcp.group", {})]))).toEqual([
      { code: "invalid-param", nodeId: "g", field: "servers", message: '"My g" needs at least one server' },
    ]);
    const servers = [
      { id: "a", transport: "stdio" },
      { id: "b", transport: "http", url: "" },
      { id: "c", transport: "ref", ref: "missing" },
      { id: "c", transport: "stdio", command: "node" },
      { id: "d" },
    ];
    expect(errorsOf(withMcp([mcpTool("g", "mcp.group", { servers })]))).toEqual([
      {
        code: "invalid-param",
        nodeId: "g",
        field: "servers",
        message: 'Server "a" of "My g" needs a command to start its stdio MCP server',
      },
      {
        code: "invalid-param",
        nodeId: "g",
        field: "servers",
        message: 'Server "b" of "My g" needs the URL of its MCP server',
      },
      {
        code: "invalid-param",
        nodeId: "g",
        field: "servers",
        message: 'Server "c" of "My g" refers to MCP server "missing", which the workflow does not declare',
      },
      { code: "invalid-param", nodeId: "g", field: "servers", message: '"My g" uses server id "c" twice' },
      {
        code: "invalid-param",
        nodeId: "g",
        field: "servers",
        message: expect.stringMatching(/^Server "d" of "My g" is not a valid MCP server: transport: /),
      },
    ]);
  });

  it("names malformed params by their field, and checks MCP nodes in normal mode too", () => {
    expect(
      errorsOf({
        nodes: [node("s", "mcp.server", { params: { transport: "stdio", command: "node", args: "not a list" } })],
        edges: [],
      }),
    ).toEqual([{ code: "invalid-param", nodeId: "s", field: "args", message: expect.stringMatching(/^"s": args: /) }]);
    expect(
      errorsOf({ nodes: [node("s", "mcp.server", { params: { transport: "http", url: "" } })], edges: [] }),
    ).toEqual([expect.objectContaining({ code: "invalid-param", nodeId: "s", field: "url" })]);
  });
});

describe("host access", () => {
  const graph: WorkflowGraph = {
    nodes: [
      node("entry", "core.entry"),
      node("shell", "core.shell.exec", { label: "Run it", mode: "tool", params: { allowedCommands: "ls" } }),
      node("files", "mcp.server", { mode: "tool", params: { transport: "stdio", command: "npx" } }),
      node("remote", "mcp.server", { mode: "tool", params: { transport: "http", url: "https://mcp.example.com/mcp" } }),
      node("declared", "mcp.server", { mode: "tool", params: { transport: "ref", ref: "local" } }),
      node("agent", "core.agent"),
    ],
    edges: [
      edge("e1", "entry", "output", "agent", "input"),
      ...["shell", "files", "remote", "declared"].map((id) => edge(`t-${id}`, id, "tool", "agent", "tools")),
    ],
    mcpServers: { local: { transport: "stdio", command: "node", args: ["server.js"] } },
  };

  it("refuses every node that touches the host while host access is off, naming it and saying how to turn it on", () => {
    const result = compileWorkflow(graph, lookupComponent, { hostTools: false });
    if (result.ok) throw new Error("expected refusals");
    const refused = result.errors.filter((error) => error.code === "host-access-disabled");
    expect(refused.map((error) => error.nodeId).sort()).toEqual(["declared", "files", "shell"]);
    expect(refused.find((error) => error.nodeId === "shell")?.message).toBe(
      '"Run it" (Run Command) runs programs or reads files on this machine, and host access is off: an admin can ' +
        "turn it on in Settings → Host access (or set SWITCHBOARD_HOST_TOOLS=1)",
    );
  });

  it("compiles them when host access is on", () => {
    expect(compileWorkflow(graph, lookupComponent, { hostTools: true }).ok).toBe(true);
  });
});

describe("what flows between nodes", () => {
  const node = (id: string, type: string, params: Record<string, unknown> = {}, label = id) => ({
    id,
    type,
    position: { x: 0, y: 0 },
    data: { label, mode: "normal" as const, params },
  });
  const edge = (source: string, sourceHandle: string, target: string, targetHandle: string) => ({
    id: `${source}-${target}-${targetHandle}`,
    source,
    sourceHandle,
    target,
    targetHandle,
  });

  it("refuses a Loop fed something that is not a list, naming node and input", () => {
    const result = compileWorkflow(
      {
        nodes: [
          node("entry", "core.entry"),
          node("agent", "core.agent", { provider: "scripted" }, "Agent"),
          node("each", "core.loop", {}, "Each"),
        ],
        edges: [edge("entry", "output", "agent", "input"), edge("agent", "text", "each", "items")],
      },
      lookupComponent,
    );
    expect(result.ok ? [] : result.errors).toEqual([
      expect.objectContaining({
        code: "type-mismatch",
        nodeId: "each",
        field: "items",
        message: '"Each" needs a list on items, but "Agent".text is a string',
      }),
      expect.objectContaining({ code: "missing-tool", nodeId: "each" }),
    ]);
  });

  it("refuses an If whose condition names an output its source does not have", () => {
    const result = compileWorkflow(
      {
        nodes: [
          node("entry", "core.entry"),
          node("agent", "core.agent", { provider: "scripted" }, "Agent"),
          node("check", "core.if", { value: "{{agent.txt}}", compareTo: "ALERT" }, "Check"),
        ],
        edges: [edge("entry", "output", "agent", "input"), edge("agent", "text", "check", "input")],
      },
      lookupComponent,
    );
    expect(result.ok ? [] : result.errors).toEqual([
      expect.objectContaining({
        code: "unknown-reference",
        nodeId: "check",
        field: "value",
        message: expect.stringContaining(
          'that node has no output "txt" (it has text, toolCalls, iterations, usage, stopReason)',
        ),
      }),
    ]);
    const fine = compileWorkflow(
      {
        nodes: [
          node("entry", "core.entry"),
          node("agent", "core.agent", { provider: "scripted" }, "Agent"),
          node("check", "core.if", { value: "{{agent.text}}" }, "Check"),
        ],
        edges: [edge("entry", "output", "agent", "input"), edge("agent", "text", "check", "input")],
      },
      lookupComponent,
    );
    expect(fine.ok).toBe(true);
  });
});

describe("disabled triggers", () => {
  const node = (id: string, type: string, params: Record<string, unknown> = {}, label = id) => ({
    id,
    type,
    position: { x: 0, y: 0 },
    data: { label, mode: "normal" as const, params },
  });
  const edge = (source: string, sourceHandle: string, target: string, targetHandle: string) => ({
    id: `${source}-${target}-${targetHandle}`,
    source,
    sourceHandle,
    target,
    targetHandle,
  });

  it("flags what only a disabled trigger leads to, and nothing a live trigger also reaches", () => {
    const result = compileWorkflow(
      {
        nodes: [
          node("entry", "core.entry"),
          node("hook", "trigger.webhook", { enabled: false }, "Hook"),
          node("by-hook", "core.transform", {}, "By hook"),
          node("after", "core.output", {}, "After hook"),
          node("both", "core.merge", {}, "Both"),
        ],
        edges: [
          edge("hook", "output", "by-hook", "input"),
          edge("by-hook", "result", "after", "value"),
          edge("hook", "output", "both", "a"),
          edge("entry", "output", "both", "b"),
        ],
      },
      lookupComponent,
    );
    expect(result.ok ? [] : result.errors.map((error) => [error.code, error.nodeId, error.message])).toEqual([
      ["unreachable", "by-hook", '"By hook" can never run: the only trigger before it, "Hook", is disabled'],
      ["unreachable", "after", '"After hook" can never run: the only trigger before it, "Hook", is disabled'],
    ]);
  });
});

describe("params a component does not take", () => {
  it("are errors naming the node and the param, own __proto__ and constructor keys included, and the node's own checks are not repeated", () => {
    const params = JSON.parse(
      '{ "transport": "stdio", "command": "node", "servers": [], "constructor": {}, "__proto__": { "transport": ' +
        '"http" } }',
    );
    const errors = errorsOf({
      nodes: [node("entry", "core.entry"), node("mcp", "mcp.server", { label: "Files", params })],
      edges: [],
    });
    expect(errors.filter((error) => error.nodeId === "mcp")).toEqual(
      ["servers", "constructor", "__proto__"].map((field) => ({
        code: "unknown-param",
        nodeId: "mcp",
        field,
        message: `Node "Files" (mcp) has a param "${field}" that MCP Server does not take: remove it`,
      })),
    );
  });

  it("refuses a node that would start a program as host access while host access is off, whatever it carries besides", () => {
    const graph: WorkflowGraph = {
      nodes: [node("entry", "core.entry"), node("mcp", "mcp.server", { params: { command: "node", servers: [] } })],
      edges: [],
    };
    const codes = compileWorkflow(graph, lookupComponent, { hostTools: false });
    expect(codes.ok ? [] : codes.errors.map((error) => error.code)).toEqual(["unknown-param", "host-access-disabled"]);
  });
});

describe("schedules", () => {
  it("refuse a schedule firing more often than once a minute, naming the node and the field", () => {
    const graph: WorkflowGraph = {
      nodes: [node("tick", "trigger.schedule", { label: "Every second", params: { cron: "* * * * * *" } })],
      edges: [],
    };
    expect(errorsOf(graph)).toContainEqual({
      code: "invalid-param",
      nodeId: "tick",
      field: "cron",
      message:
        '"Every second": "* * * * * *" fires 1 s apart; a schedule may fire at most once every 60 s ' +
        "(SWITCHBOARD_MIN_SCHEDULE_SECONDS)",
    });
  });
});
