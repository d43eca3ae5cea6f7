/**
 * Everything that differs between kinds of tool, in one table keyed by the registry's `kind`: what
 * the gateway lists for an entry, where a call goes from the gateway, and how a worker runs it.
 * Adding a kind is adding a row; a kind without one is a type error. Which registrar a tool-mode
 * node uses is decided by its node type (`registrarFor`).
 */
import { callComponentTool } from "../gateway/call-component-tool";
import { callMcpTool } from "../gateway/call-mcp-tool";
import { exposedMcpName, type ExposedTool } from "../gateway/mcp-tools";
import { executeMcpToolCall } from "../mcp/execute-mcp-tool-call";
import { registerMcpNode } from "../mcp/register-mcp-node";
import { isMcpNodeType } from "../mcp/mcp-names";
import type { NodeOutput } from "../nodes/types";
import type { ToolCallJobData, ToolCallJobResult } from "../queue/queues";
import type { RegisteredTool } from "../registry/registry";
import type { RunEventInput } from "../runs/events";
import type { CompiledNode } from "../workflow/compile";
import { executeComponentCall } from "./execute-component-call";
import { registerComponentTool } from "./register-component-tool";
import { registerA2aAgentTool } from "./a2a-agent-tool";
import { A2A_AGENT_TYPE } from "./a2a-agent-shape";
import { registerKnowledgeTool } from "./knowledge-tool";
import { KNOWLEDGE_SEARCH_TYPE } from "./knowledge-tool-shape";
import { executeWorkflowCall, registerWorkflowTool } from "./workflow-tool";
import { WORKFLOW_TOOL_TYPE } from "./workflow-tool-shape";
import type { RedisClient } from "../queue/redis";

export type ToolKind = RegisteredTool["kind"];

type ToolKindSpec = {
  /** The tools the gateway lists for one registry entry. */
  expose: (tool: RegisteredTool) => ExposedTool[];
  /** Gateway side: sends a call on to where it runs. */
  forward: (registered: RegisteredTool, call: ToolCallJobData) => Promise<ToolCallJobResult>;
  /** Worker side: runs a call that reached a worker (`job.target`: the entry the gateway found). */
  execute: (job: ToolCallJobData, signal: AbortSignal) => Promise<ToolCallJobResult>;
};

/** A component or a workflow is one tool under its own name. */
const asOneTool = (tool: RegisteredTool): ExposedTool[] => [
  {
    name: tool.toolName,
    description: tool.description,
    inputSchema: tool.inputSchema,
    nodeId: tool.nodeId,
    registered: tool,
  },
];

/** An MCP source shows each discovered (and filtered) tool as `{source}__{tool}`. */
const asMcpTools = (tool: RegisteredTool): ExposedTool[] =>
  (tool.tools ?? []).map((mcpTool) => ({
    name: exposedMcpName(tool.toolName, mcpTool.name),
    description: mcpTool.description ?? mcpTool.name,
    inputSchema: mcpTool.inputSchema,
    nodeId: tool.nodeId,
    registered: tool,
    mcpToolName: mcpTool.name,
  }));

const mcp: ToolKindSpec = {
  expose: asMcpTools,
  // A stdio server's calls go to the worker that owns its process; an HTTP server's to any worker.
  forward: (registered, call) => callMcpTool(registered, call),
  execute: (job) => executeMcpToolCall(job),
};

export const TOOL_KINDS: Record<ToolKind, ToolKindSpec> = {
  component: {
    expose: asOneTool,
    forward: (_registered, call) => callComponentTool(call),
    execute: executeComponentCall,
  },
  workflow: {
    expose: asOneTool,
    // A child run may take minutes: the wait is the node's own.
    forward: (registered, call) => callComponentTool(call, (registered.callTimeoutMs ?? 60_000) + 5_000),
    execute: executeWorkflowCall,
  },
  "local-mcp": mcp,
  "remote-mcp": mcp,
  // A remote A2A agent: one tool described by its card; a call waits for the agent's answer on any worker.
  a2a: {
    expose: asOneTool,
    forward: (registered, call) => callComponentTool(call, (registered.callTimeoutMs ?? 120_000) + 5_000),
    execute: executeComponentCall,
  },
  // A knowledge base's search: one tool described by its base; the query is embedded and searched on any worker.
  knowledge: {
    expose: asOneTool,
    forward: (_registered, call) => callComponentTool(call),
    execute: executeComponentCall,
  },
};

/** The tools the gateway lists for a run's registry entries. */
export function exposeTools(registered: RegisteredTool[]): ExposedTool[] {
  return registered.flatMap((tool) => TOOL_KINDS[tool.kind].expose(tool));
}

/**
 * `note`: an event that rides with the run's next write (a registration is no checkpoint: a resume registers every tool
 * again).
 */
export type RegisterContext = {
  redis: RedisClient;
  runId: string;
  emit: (event: RunEventInput) => Promise<unknown>;
  note: (event: RunEventInput) => void;
};

/**
 * How a tool-mode node registers, by node type: MCP sources connect and discover, a Workflow Tool reads its workflow,
 * an A2A Agent reads its agent's card, a Knowledge Search finds its base, any other component registers itself.
 */
type Register = (
  redis: RedisClient,
  runId: string,
  node: CompiledNode,
  inputs: Record<string, unknown>,
) => Promise<{ toolName: string; kind: ToolKind; description: string }>;

/** Node types that register in their own way; any other component registers itself (registerComponentTool). */
const REGISTER_BY_TYPE: Record<string, Register> = {
  [WORKFLOW_TOOL_TYPE]: (redis, runId, node) => registerWorkflowTool(redis, runId, node),
  [A2A_AGENT_TYPE]: (redis, runId, node) => registerA2aAgentTool(redis, runId, node),
  [KNOWLEDGE_SEARCH_TYPE]: registerKnowledgeTool,
};

export function registrarFor(
  nodeType: string,
): (ctx: RegisterContext, node: CompiledNode, inputs: Record<string, unknown>) => Promise<NodeOutput> {
  if (isMcpNodeType(nodeType)) return (ctx, node) => registerMcpNode(ctx.redis, ctx.runId, node, ctx.emit);
  const register = REGISTER_BY_TYPE[nodeType] ?? registerComponentTool;
  return async (ctx, node, inputs) => {
    const { toolName, kind, description } = await register(ctx.redis, ctx.runId, node, inputs);
    ctx.note({ type: "tool.registered", payload: { nodeId: node.id, toolName, kind, description } });
    return { tool: toolName };
  };
}
