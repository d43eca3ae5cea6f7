/**
 * Runs one component tool call for the gateway: the node's params, then the arguments the agent
 * may fill, then values bound by upstream edges — so an agent can never override a fixed input.
 */
import { errorResult } from "../gateway/error-result";
import type { Redis } from "ioredis";
import { executeMcpToolCall } from "../mcp/execute-mcp-tool-call";
import { getComponent } from "../nodes";
import type { ToolCallJobData, ToolCallJobResult } from "../queue/queues";
import { getRegisteredTool } from "../registry/registry";
import { SecretScope } from "../secrets/secret-scope";
import { hostAccessOffError, hostToolsEnabled } from "../settings/host-tools";
import { loadPlan } from "./load-plan";
import { parseNodeParams } from "./node-params";


export async function executeToolCall(redis: Redis, job: ToolCallJobData, signal: AbortSignal): Promise<ToolCallJobResult> {
  const [plan, registered] = await Promise.all([loadPlan(job.runId), getRegisteredTool(redis, job.runId, job.nodeId)]);
  if (registered && (registered.kind === "local-mcp" || registered.kind === "remote-mcp")) return executeMcpToolCall(job, registered);
  const node = plan?.nodes[job.nodeId];
  const component = node && getComponent(node.type);
  if (!node || !component || !registered) return errorResult(`Tool ${job.toolName} is no longer registered in run ${job.runId}`);

  if (component.hostAccess === "always" && !(await hostToolsEnabled())) return errorResult(hostAccessOffError(node.label).message);
  const agentArgs = Object.fromEntries(Object.entries(job.args).filter(([name]) => node.agentInputs.includes(name)));
  // Only the node's own params may name secrets; the agent's arguments are never resolved.
  const secrets = new SecretScope();
  try {
    const params = parseNodeParams(component, node.label, { ...(await secrets.resolveParams(node.params)), ...agentArgs, ...registered.boundInputs });
    const output = await component.execute({
      runId: job.runId,
      nodeId: node.id,
      label: node.label,
      runInput: undefined,
      params,
      connectedToolNodeIds: [],
      outboundSecrets: secrets.outbound(),
      emit: async () => undefined,
      signal,
    });
    const shown = secrets.redact(output);
    return { content: [{ type: "text", text: JSON.stringify(shown) }], structuredContent: shown, isError: false };
  } catch (error) {
    return errorResult(secrets.redactText(error instanceof Error ? error.message : String(error)));
  }
}
