/**
 * Ready workflows to start from (the home page's template gallery). Each opens as a new workflow
 * and runs offline as it comes (scripted models: switch the model to a real one to use it for
 * real). Templates with host-access nodes (files, local MCP servers) are marked in the gallery
 * (templates-host-access.ts): only an admin may create them, and they run when host access is on.
 */
import type { WorkflowGraph, WorkflowNode } from "../workflow/graph";

/** A workflow the template needs as well (a Workflow Tool's target), created first; `graph` gets its id by key. */
type Companion = { key: string; name: string; graph: () => WorkflowGraph };

export type WorkflowTemplate = {
  id: string;
  name: string;
  description: string;
  icon: string;
  companions?: Companion[];
  graph: (companionIds: Record<string, string>) => WorkflowGraph;
};

const EVERYTHING = ["node_modules/@modelcontextprotocol/server-everything/dist/index.js", "stdio"];

const node = (
  id: string,
  type: string,
  label: string,
  x: number,
  y: number,
  params: Record<string, unknown> = {},
  extra: Partial<WorkflowNode["data"]> = {},
): WorkflowNode => ({
  id,
  type,
  position: { x, y },
  data: { label, mode: "normal", params, ...extra },
});
const edge = (source: string, sourceHandle: string, target: string, targetHandle: string) => ({
  id: `${source}-${sourceHandle}-${target}-${targetHandle}`,
  source,
  sourceHandle,
  target,
  targetHandle,
});
const scripted = (toolCalls: { tool: string; args: Record<string, unknown> }[], finalText: string) => ({
  provider: "scripted",
  script: { toolCalls, finalText },
});

export const TEMPLATES: WorkflowTemplate[] = [
  {
    id: "research-agent",
    name: "Research agent",
    description: "An agent that reads a web page with HTTP Request and a fetch-style MCP tool, then answers.",
    icon: "globe",
    graph: () => ({
      nodes: [
        node("entry", "core.entry", "Question", 0, 120, {
          defaultInput: "What does the Switchboard health check say?",
        }),
        node("agent", "core.agent", "Researcher", 340, 80, {
          ...scripted(
            [
              { tool: "http_request", args: { url: "/api/health" } },
              { tool: "web__echo", args: { message: "notes: {{input}}" } },
            ],
            "Question: {{input}}\nWhat I found: {{results.0}}",
          ),
          systemPrompt: "You research questions with the tools you have and cite what you read.",
        }),
        node(
          "http",
          "core.http.request",
          "HTTP Request",
          0,
          380,
          { method: "GET", url: "/api/health" },
          { mode: "tool" },
        ),
        node(
          "web",
          "mcp.server",
          "Web",
          340,
          460,
          { transport: "stdio", command: "node", args: EVERYTHING },
          { mode: "tool" },
        ),
      ],
      edges: [
        edge("entry", "output", "agent", "input"),
        edge("http", "tool", "agent", "tools"),
        edge("web", "tool", "agent", "tools"),
      ],
    }),
  },
  {
    id: "file-assistant",
    name: "File assistant with approvals",
    description:
      "An agent that reads and writes files in a folder; every write waits for a person to approve it in the run view.",
    icon: "file-text",
    graph: () => ({
      nodes: [
        node("entry", "core.entry", "Request", 0, 120, { defaultInput: "Write a short note into notes/today.txt" }),
        node(
          "agent",
          "core.agent",
          "Assistant",
          340,
          80,
          scripted(
            [{ tool: "fs_write", args: { path: "notes/today.txt", content: "Note: {{input}}" } }],
            "Done: {{results.0}}",
          ),
        ),
        node("read", "core.fs.read", "Read File", 0, 380, { roots: "/tmp/switchboard-files" }, { mode: "tool" }),
        node(
          "write",
          "core.fs.write",
          "Write File",
          340,
          460,
          { roots: "/tmp/switchboard-files" },
          { mode: "tool", toolConfig: { requiresApproval: true, approvalTimeoutSeconds: 120 } },
        ),
      ],
      edges: [
        edge("entry", "output", "agent", "input"),
        edge("read", "tool", "agent", "tools"),
        edge("write", "tool", "agent", "tools"),
      ],
    }),
  },
  {
    id: "mcp-explorer",
    name: "MCP group explorer",
    description:
      "An agent with a group of MCP servers behind one tools handle: see what each server offers and call it.",
    icon: "server",
    graph: () => ({
      nodes: [
        node("entry", "core.entry", "Ask", 0, 120, { defaultInput: "Say hello through the echo server" }),
        node(
          "agent",
          "core.agent",
          "Explorer",
          340,
          80,
          scripted([{ tool: "first__echo", args: { message: "{{input}}" } }], "The echo server said: {{results.0}}"),
        ),
        node(
          "group",
          "mcp.group",
          "MCP servers",
          0,
          400,
          { servers: [{ id: "first", transport: "stdio", command: "node", args: EVERYTHING }] },
          { mode: "tool" },
        ),
      ],
      edges: [edge("entry", "output", "agent", "input"), edge("group", "tool", "agent", "tools")],
    }),
  },
  {
    id: "triage",
    name: "Triage with If and Switch",
    description:
      "Classifies a message: alerts go to an HTTP call, the rest are routed by topic with a Switch and answered.",
    icon: "git-branch",
    graph: () => ({
      nodes: [
        node("entry", "core.entry", "Message", 0, 160, { defaultInput: "ALERT: the billing service is down" }),
        node("alert", "core.if", "Is it an alert?", 320, 160, {
          value: "{{input}}",
          operator: "contains",
          compareTo: "ALERT",
        }),
        node("notify", "core.http.request", "Notify on-call", 640, 40, { method: "GET", url: "/api/health" }),
        node("topic", "core.switch", "Topic", 640, 300, {
          value: "{{input}}",
          operator: "contains",
          case1: "billing",
          case2: "bug",
        }),
        node("billing", "core.transform", "Billing reply", 960, 200, {
          template: { team: "billing", message: "{{input}}" },
        }),
        node("bug", "core.transform", "Bug reply", 960, 340, {
          template: { team: "engineering", message: "{{input}}" },
        }),
        node("other", "core.transform", "Other reply", 960, 480, {
          template: { team: "support", message: "{{input}}" },
        }),
        node("join", "core.merge", "Reply", 1280, 340, { mode: "first" }),
        node("out", "core.output", "Answer", 1580, 340),
      ],
      edges: [
        edge("entry", "output", "alert", "input"),
        edge("alert", "true", "notify", "body"),
        edge("alert", "false", "topic", "input"),
        edge("topic", "case1", "billing", "input"),
        edge("topic", "case2", "bug", "input"),
        edge("topic", "default", "other", "input"),
        edge("billing", "result", "join", "a"),
        edge("bug", "result", "join", "b"),
        edge("other", "result", "join", "c"),
        edge("join", "merged", "out", "value"),
      ],
    }),
  },
  {
    id: "workflow-as-tool",
    name: "Workflow as a tool, per item",
    description:
      "A Loop runs another workflow (a Code step) once per item of a list, as child runs, and collects the answers.",
    icon: "workflow",
    companions: [
      {
        key: "describe",
        name: "Describe an item (used by “Workflow as a tool, per item”)",
        graph: () => ({
          nodes: [
            node("entry", "core.entry", "Item", 0, 120),
            node("describe", "core.code", "Describe", 320, 120, { code: "return `${input} is on the list`;" }),
            node("out", "core.output", "Description", 640, 120),
          ],
          edges: [edge("entry", "output", "describe", "input"), edge("describe", "result", "out", "value")],
        }),
      },
    ],
    graph: ({ describe }) => ({
      nodes: [
        node("entry", "core.entry", "Items", 0, 120, {
          inputFields: [
            {
              name: "items",
              type: "json",
              required: false,
              default: ["tea", "cake", "soup"],
              description: "A list of things",
            },
          ],
        }),
        node("pick", "core.transform", "Pick the list", 320, 120, { mode: "jsonata", expression: "items" }),
        node("each", "core.loop", "For each item", 640, 120, { args: { input: "{{item}}" }, concurrency: 3 }),
        node("tool", "core.workflow.tool", "Describe item", 640, 400, { workflowId: describe }, { mode: "tool" }),
        node("out", "core.output", "Descriptions", 960, 120),
      ],
      edges: [
        edge("entry", "output", "pick", "input"),
        edge("pick", "result", "each", "items"),
        edge("tool", "tool", "each", "tools"),
        edge("each", "results", "out", "value"),
      ],
    }),
  },
];

export const findTemplate = (id: string) => TEMPLATES.find((template) => template.id === id);
