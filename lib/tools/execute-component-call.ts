/**
 * Runs one component tool call in a worker: the node's params, then the arguments the agent may
 * fill, then values bound by upstream edges — so an agent can never override a fixed input. The
 * node's `data.retry` tries the component's work again (the model sees one result).
 */
import { errorResult } from "../gateway/error-result";
import { getComponent } from "../nodes";
import type { ToolCallJobData, ToolCallJobResult } from "../queue/queues";
import { loadPlan } from "../runs/load-plan";
import { parseNodeParams } from "../runs/node-params";
import { withRetries } from "../runs/retry";
import { SecretScope } from "../secrets/secret-scope";
import { hostAccessOffError, hostToolsEnabled } from "../settings/host-tools";
import { usesHost } from "../workflow/host-access";
import { recordToolRetry } from "./tool-call-retries";

export async function executeComponentCall(job: ToolCallJobData, signal: AbortSignal): Promise<ToolCallJobResult> {
  const plan = await loadPlan(job.runId);
  const node = plan?.nodes[job.nodeId];
  const component = node && getComponent(node.type);
  if (!node || !component) return errorResult(`Tool ${job.toolName} is no longer registered in run ${job.runId}`);

  const agentArgs = Object.fromEntries(Object.entries(job.args).filter(([name]) => node.agentInputs.includes(name)));
  const runsWith = { ...node.params, ...agentArgs, ...job.target.boundInputs };
  if (usesHost({ ...node, params: runsWith }, undefined) && !(await hostToolsEnabled()))
    return errorResult(hostAccessOffError(node.label).message);
  // Only the node's own params may name secrets; the agent's arguments are never resolved.
  const secrets = new SecretScope();
  try {
    const params = parseNodeParams(component, node.label, {
      ...(await secrets.resolveParams(node.params)),
      ...agentArgs,
      ...job.target.boundInputs,
    });
    const tryOnce = () =>
      component.execute({
        runId: job.runId,
        nodeId: node.id,
        label: node.label,
        runInput: undefined,
        params,
        connectedToolNodeIds: [],
        outboundSecrets: secrets.outbound(),
        emit: async () => undefined,
        note: () => undefined,
        signal,
      });
    const onRetry = recordToolRetry(job, node.id, (text) => secrets.redactText(text));
    const output = await withRetries(node.retry, tryOnce, { signal, onRetry });
    const shown = secrets.redact(output);
    return { content: [{ type: "text", text: JSON.stringify(shown) }], structuredContent: shown, isError: false };
  } catch (error) {
    return errorResult(secrets.redactText(error instanceof Error ? error.message : String(error)));
  }
}
