/**
 * A tool-mode node's `data.retry` applied to the calls an agent makes to it through the gateway:
 * the call is tried again on the worker, each retry recorded as `node.retrying` (with the call's
 * id), and the model sees one result — the first success, or the last failure.
 */
import type { ToolCallJobData, ToolCallJobResult } from "../queue/queues";
import { sharedRedis } from "../queue/redis";
import { createEventRecorder } from "../runs/record-event";
import { loadRunDefinition } from "../runs/load-plan";
import { SecretScope } from "../secrets/secret-scope";
import { withRetries, type RetryNotice } from "../runs/retry";
import type { CompiledNode } from "../workflow/compile";

/**
 * Records one retry of a call as `node.retrying`, its error redacted; a run that ended meanwhile just gets no event.
 */
export function recordToolRetry(
  job: ToolCallJobData,
  nodeId: string,
  redactText: (text: string) => string,
): (notice: RetryNotice) => Promise<void> {
  const record = createEventRecorder(sharedRedis(), job.runId, { onlyWhileRunning: true });
  return async (notice) => {
    const payload = {
      nodeId,
      ...notice,
      error: redactText(notice.error),
      ...(job.callId ? { callId: job.callId } : {}),
    };
    await record({ type: "node.retrying", payload }).catch(() => undefined);
  };
}

/** The plan node a call's registry entry belongs to (an MCP group's servers register as `{groupNodeId}-{serverId}`). */
export function ownerNode(nodes: Record<string, CompiledNode>, registeredId: string): CompiledNode | undefined {
  return nodes[registeredId] ?? Object.values(nodes).find((node) => registeredId.startsWith(`${node.id}-`));
}

class ErrorAnswer extends Error {}
const answerText = (result: ToolCallJobResult) =>
  result.content
    .map((block) => ("text" in block ? block.text : ""))
    .join(" ")
    .trim() || "the tool answered with an error";

/**
 * Runs a call whose failures come back as error results (MCP servers, workflow tools), retrying such results as the
 * node's `data.retry` says.
 */
export async function retryingToolCall(
  job: ToolCallJobData,
  signal: AbortSignal,
  call: () => Promise<ToolCallJobResult>,
): Promise<ToolCallJobResult> {
  const run = await loadRunDefinition(job.runId);
  const node = ownerNode(run?.plan.nodes ?? {}, job.nodeId);
  if (!node?.retry) return call();
  // What an MCP server or child run says may echo the node's secrets (a header, a workflow server's token).
  const secrets = new SecretScope();
  const mcpServers = (run?.graph as { mcpServers?: unknown } | null)?.mcpServers;
  await Promise.all(
    [node.params, mcpServers ?? {}].map((params) => secrets.resolveParams(params).catch(() => undefined)),
  );
  let last: ToolCallJobResult | undefined;
  const tryOnce = async () => {
    last = await call();
    if (last.isError) throw new ErrorAnswer(answerText(last));
    return last;
  };
  try {
    return await withRetries(node.retry, tryOnce, {
      signal,
      onRetry: recordToolRetry(job, node.id, (text) => secrets.redactText(text)),
    });
  } catch (error) {
    if (error instanceof ErrorAnswer && last) return last;
    throw error;
  }
}
