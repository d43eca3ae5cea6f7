/**
 * One node's run as the outside sees it: a span in the run's trace (`invoke_agent {label}` for an Agent, as the GenAI
 * conventions name it, `node {label}` otherwise; its model and tool calls are its children), and how long it took and
 * how it ended, counted for the metrics (switchboard_node_duration_seconds by component type). A node that suspends
 * counts as "waiting" for the time until it parked; a skipped node is not counted (it did nothing).
 */
import { observeMetric } from "../metrics/metrics";
import { agentAttributes, agentSpanName, NODE_ID, NODE_TYPE } from "../telemetry/gen-ai";
import { inSpan, type Span } from "../telemetry/spans";
import type { RunContext } from "./run-context";
import { isSuspension, runNode } from "./execute-node";

const AGENT_TYPE = "core.agent";

function nodeSpan(ctx: RunContext, nodeId: string) {
  const { label, type } = ctx.plan.nodes[nodeId];
  const ids = { [NODE_ID]: nodeId, [NODE_TYPE]: type };
  return type === AGENT_TYPE
    ? { name: agentSpanName(label), attributes: { ...ids, ...agentAttributes(label) } }
    : { name: `node ${label}`, attributes: ids };
}

export function runObservedNode(ctx: RunContext, nodeId: string, signal: AbortSignal): Promise<void> {
  const { name, attributes } = nodeSpan(ctx, nodeId);
  const redact = (text: string) => ctx.secrets.redactText(text);
  return inSpan(name, { attributes, redact, expected: isSuspension }, (span) => runMeasured(ctx, nodeId, signal, span));
}

async function runMeasured(ctx: RunContext, nodeId: string, signal: AbortSignal, span: Span): Promise<void> {
  const component = ctx.plan.nodes[nodeId].type;
  const startedAt = performance.now();
  const ended = (status: string) => {
    span.setAttribute("switchboard.node.status", ctx.skipped.has(nodeId) ? "skipped" : status);
    if (!ctx.skipped.has(nodeId))
      observeMetric("nodeDuration", { component, status }, (performance.now() - startedAt) / 1000);
  };
  try {
    await runNode(ctx, nodeId, signal);
    ended("completed");
  } catch (error) {
    ended(isSuspension(error) ? "waiting" : "failed");
    throw error;
  }
}
