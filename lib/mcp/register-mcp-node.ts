/**
 * Registers a tool-mode MCP node at run time: spawns or connects each of its servers, discovers
 * the tools now (startup timeout, retries), and writes the filtered list into the run's registry,
 * so the gateway's `tools/list` needs no network. A server that fails is registered `unavailable`
 * with its error and a `tool.unavailable` event; the run goes on with the other tools.
 */
import { getDb } from "../db/client";
import { exposedMcpName } from "../gateway/mcp-tools";
import { registerTool, type RegisteredTool } from "../registry/registry";
import type { RunEventInput } from "../runs/events";
import { redactSecrets } from "../secrets/resolve";
import type { CompiledNode } from "../workflow/compile";
import { applyToolFilter } from "./config";
import { connectMcpServer, type LiveClient } from "./connect";
import { addPooledServer } from "./connection-pool";
import { startHealthCheck } from "./health-check";
import { forgetProcess, recordProcess } from "./process-reaper";
import { launchSpecOf } from "../workflow/launch-spec";
import { specsOf, type ServerSpec } from "./server-specs";
import { ownerQueueName } from "./worker-identity";
import type { RedisClient } from "../queue/redis";

type Emit = (event: RunEventInput) => Promise<unknown>;

export async function workflowMcpServers(runId: string): Promise<unknown> {
  const run = await getDb().run.findUnique({ where: { id: runId }, select: { graph: true } });
  return (run?.graph as { mcpServers?: unknown } | null)?.mcpServers;
}

function baseEntry(spec: ServerSpec): Omit<RegisteredTool, "status"> {
  return {
    nodeId: spec.nodeId,
    ...(spec.groupNodeId ? { groupNodeId: spec.groupNodeId } : {}),
    toolName: spec.source,
    kind: spec.config.transport === "stdio" ? "local-mcp" : "remote-mcp",
    description:
      spec.config.transport === "stdio"
        ? `MCP server (stdio: ${spec.config.command})`
        : `MCP server (${new URL(spec.config.url).origin})`,
    inputSchema: {},
    boundInputs: {},
    callTimeoutMs: spec.callTimeoutMs,
  };
}

async function registerServer(redis: RedisClient, runId: string, spec: ServerSpec, emit: Emit): Promise<string[]> {
  let live: LiveClient | undefined;
  try {
    live = await connectMcpServer(spec.config, {
      startupTimeoutMs: spec.startupTimeoutMs,
      onSpawn: (pgid) => recordProcess(redis, runId, pgid),
      onKilled: (pgid) => forgetProcess(redis, pgid),
    });
    const { tools } = await live.client.listTools(undefined, { timeout: spec.startupTimeoutMs });
    const chosen = applyToolFilter(tools, spec.filter).map((tool) => ({
      name: tool.name,
      description: tool.description,
      inputSchema: tool.inputSchema as Record<string, unknown>,
    }));
    const pooled = { runId, nodeId: spec.nodeId, source: spec.source, live, callTimeoutMs: spec.callTimeoutMs };
    addPooledServer(pooled);
    const entry: RegisteredTool = {
      ...baseEntry(spec),
      tools: chosen,
      status: "ready",
      ...(spec.config.transport === "stdio" ? { ownerQueue: ownerQueueName() } : {}),
    };
    await registerTool(redis, runId, entry);
    if (spec.healthIntervalMs > 0)
      Object.assign(pooled, { stopHealthCheck: startHealthCheck(pooled, spec.healthIntervalMs, emit) });
    const names = chosen.map((tool) => exposedMcpName(spec.source, tool.name));
    await emit({
      type: "tool.registered",
      payload: {
        nodeId: spec.nodeId,
        toolName: spec.source,
        kind: entry.kind,
        description: `${entry.description}: ${names.join(", ") || "no tools"}`,
      },
    });
    return names;
  } catch (error) {
    await live?.close();
    const message = redactSecrets((error as Error).message, live?.secretValues ?? []);
    await registerTool(redis, runId, { ...baseEntry(spec), status: "unavailable", error: message });
    await emit({ type: "tool.unavailable", payload: { nodeId: spec.nodeId, toolName: spec.source, error: message } });
    return [];
  }
}

/**
 * Registers every server of the node (in parallel for a group) as its launch spec says; returns the exposed tool names.
 */
export async function registerMcpNode(
  redis: RedisClient,
  runId: string,
  node: CompiledNode,
  emit: Emit,
): Promise<{ tools: string[] }> {
  const specs = specsOf(launchSpecOf(node, await workflowMcpServers(runId)).mcp!);
  const names = await Promise.all(specs.map((spec) => registerServer(redis, runId, spec, emit)));
  return { tools: names.flat() };
}
