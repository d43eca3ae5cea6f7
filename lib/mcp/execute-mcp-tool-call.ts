/**
 * Runs one MCP tool call in a worker: on the live client this worker holds for the run (always so
 * for stdio, whose calls are routed to the owner's queue), or — for an HTTP server registered by
 * another worker — over a short-lived connection. The result passes through unchanged.
 */
import { errorResult } from "../gateway/error-result";
import { ErrorCode, McpError, type CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { ToolCallJobData, ToolCallJobResult } from "../queue/queues";
import { loadPlan } from "../runs/load-plan";
import { redactSecrets } from "../secrets/resolve";
import { connectMcpServer, type LiveClient } from "./connect";
import { getPooledServer } from "./connection-pool";
import { workflowMcpServers } from "./register-mcp-node";
import { serverSpecs } from "./server-specs";
import { mcpCallAttributes, mcpCallSpanName } from "../telemetry/gen-ai";
import { inSpan, markFailed, SpanKind } from "../telemetry/spans";

/** The call to the MCP server, as a client span of its own (its HTTP requests carry the trace context: connect.ts). */
function callOn(
  live: Pick<LiveClient, "client" | "secretValues">,
  job: ToolCallJobData,
  source: string,
  timeoutMs: number,
): Promise<ToolCallJobResult> {
  const attributes = { ...mcpCallAttributes(job.toolName), "switchboard.mcp.server": source };
  return inSpan(mcpCallSpanName(job.toolName), { kind: SpanKind.CLIENT, attributes }, async (span) => {
    const result = await callUntraced(live, job, source, timeoutMs);
    if (result.isError) markFailed(span, "the MCP server answered with an error");
    return result;
  });
}

async function callUntraced(
  live: Pick<LiveClient, "client" | "secretValues">,
  job: ToolCallJobData,
  source: string,
  timeoutMs: number,
): Promise<ToolCallJobResult> {
  try {
    const result = (await live.client.callTool({ name: job.toolName, arguments: job.args }, undefined, {
      timeout: timeoutMs,
    })) as CallToolResult;
    return {
      content: result.content,
      structuredContent: result.structuredContent,
      isError: result.isError === true,
    } as ToolCallJobResult;
  } catch (error) {
    if (error instanceof McpError && error.code === ErrorCode.RequestTimeout) {
      return errorResult(
        `MCP server "${source}" did not answer ${source}__${job.toolName} within ${timeoutMs / 1000} s (the node's ` +
          `call timeout)`,
      );
    }
    return errorResult(
      redactSecrets(`MCP server "${source}" failed on ${job.toolName}: ${(error as Error).message}`, live.secretValues),
    );
  }
}

export async function executeMcpToolCall(job: ToolCallJobData): Promise<ToolCallJobResult> {
  const { target } = job;
  const timeoutMs = target.callTimeoutMs ?? 60_000;
  const pooled = getPooledServer(job.runId, job.nodeId);
  if (pooled) return callOn(pooled.live, job, pooled.source, timeoutMs);
  if (target.kind === "local-mcp")
    return errorResult(`MCP server "${target.toolName}" is not running in this worker (run ${job.runId})`);

  const plan = await loadPlan(job.runId);
  const node =
    plan &&
    Object.values(plan.nodes).find(
      (candidate) => job.nodeId === candidate.id || job.nodeId.startsWith(`${candidate.id}-`),
    );
  const spec = node && serverSpecs(node, await workflowMcpServers(job.runId)).find((s) => s.nodeId === job.nodeId);
  if (!spec) return errorResult(`MCP server ${job.nodeId} is not part of run ${job.runId}`);
  // Only the worker that registered a stdio server holds its process; a call never starts another.
  if (spec.config.transport === "stdio")
    return errorResult(`MCP server "${target.toolName}" is not running in this worker (run ${job.runId})`);
  let live;
  try {
    live = await connectMcpServer(spec.config, { startupTimeoutMs: spec.startupTimeoutMs, retries: 1 });
  } catch (error) {
    return errorResult((error as Error).message);
  }
  try {
    return await callOn(live, job, spec.source, timeoutMs);
  } finally {
    await live.close();
  }
}
