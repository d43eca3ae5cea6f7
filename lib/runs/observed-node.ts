/**
 * One node's run as the outside sees it: how long it took and how it ended, counted for the metrics
 * (switchboard_node_duration_seconds by component type). A node that suspends counts as "waiting" for the time until
 * it parked; a skipped node is not counted (it did nothing).
 */
import { observeMetric } from "../metrics/metrics";
import type { RunContext } from "./run-context";
import { isSuspension, runNode } from "./execute-node";

export async function runObservedNode(ctx: RunContext, nodeId: string, signal: AbortSignal): Promise<void> {
  const component = ctx.plan.nodes[nodeId].type;
  const startedAt = performance.now();
  const observe = (status: string) =>
    ctx.skipped.has(nodeId) ||
    observeMetric("nodeDuration", { component, status }, (performance.now() - startedAt) / 1000);
  try {
    await runNode(ctx, nodeId, signal);
    observe("completed");
  } catch (error) {
    observe(isSuspension(error) ? "waiting" : "failed");
    throw error;
  }
}
