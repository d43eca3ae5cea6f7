/**
 * One node of a run: a tool-mode node registers in the run's tool registry; any other node executes
 * its component with inputs from upstream outputs and params with its own secrets resolved. A node
 * with a timeout fails when it runs longer; every node stops when the run's signal aborts.
 */
import { getComponent } from "../nodes";
import { isSecretRef } from "../secrets/secret-ref";
import type { NodeOutput } from "../nodes/types";
import type { RunEventInput } from "./events";
import { hostAccessOffError, hostToolsEnabled } from "../settings/host-tools";
import { usesHost } from "../workflow/host-access";
import { registrarFor } from "../tools/tool-kinds";
import { runChildWorkflow } from "../tools/workflow-tool";
import type { CompiledNode, CompiledWorkflow } from "../workflow/compile";
import { fillTemplates } from "./fill-templates";
import { nodeOutputNames } from "../workflow/node-outputs";
import { parseNodeParams } from "./node-params";
import type { RunContext } from "./run-context";
import { NodeFailure, untilAborted } from "./run-stop";
import { firedTriggers, notFiredReason } from "./run-trigger";
import { skippableNodes, skipReason, wiredInputValues } from "./skip-rule";
import type { UnloggedSteps } from "./resume-state";
import { errorMessage, withRetries, type RetryNotice } from "./retry";
import { handedOnError, withoutErrorHandle } from "./node-on-error";
import { nodeCheckpoints } from "./node-checkpoints";
import { isHarmlessToRepeat } from "./repeat-safety";
import { NodeSuspended, nodeWaits } from "./node-waits";
import { isModelNode, pricedEvents } from "./model-spend";

const isBranching = (type: string) => getComponent(type)?.branches === true;

const dependentsByPlan = new WeakMap<CompiledWorkflow, Set<string>>();
/** The nodes some other node waits on (worked out once per plan). */
function hasDependents(plan: CompiledWorkflow): Set<string> {
  let found = dependentsByPlan.get(plan);
  if (!found) {
    found = new Set(Object.values(plan.nodes).flatMap((node) => node.dependsOn));
    dependentsByPlan.set(plan, found);
  }
  return found;
}
const triggerKindOf = (type: string) => getComponent(type)?.trigger;

/** Whether the node is a trigger that did not start this run (so the run skips it). */
function isUnfiredTrigger(ctx: Pick<RunContext, "plan" | "trigger">, node: CompiledNode): boolean {
  return triggerKindOf(node.type) !== undefined && !firedTriggers(ctx.plan, ctx.trigger, triggerKindOf).has(node.id);
}

/** Why the node does not run in this run: a trigger that did not start it, or a branch not taken. */
function whySkipped(ctx: RunContext, nodeId: string): string | null {
  const node = ctx.plan.nodes[nodeId];
  if (isUnfiredTrigger(ctx, node)) return notFiredReason(ctx.trigger);
  return skipReason(node, { plan: ctx.plan, outputs: ctx.outputs, skipped: ctx.skipped, isBranching });
}

/** The node's wired inputs; an input where several wires delivered says in the log which one it took. */
function resolveInputs(ctx: RunContext, node: CompiledNode): Record<string, unknown> {
  const facts = { plan: ctx.plan, outputs: ctx.outputs, skipped: ctx.skipped, isBranching };
  const { values, passedOver } = wiredInputValues(node, facts);
  for (const { port, used, unused } of passedOver) {
    const names = unused.map((wire) => `"${ctx.plan.nodes[wire.nodeId].label}"`).join(", ");
    const took = ctx.plan.nodes[used.nodeId].label;
    const message = `Input "${port}" took "${took}" (wired first); ${names} also delivered`;
    ctx.note({ type: "log", payload: { level: "info", nodeId: node.id, message } });
  }
  return values;
}

/** A plan node's output handles (a model node's schema fields included). */
const outputPorts = (node: CompiledNode) => {
  const component = getComponent(node.type);
  return component ? nodeOutputNames(component, node.params) : [];
};

async function registerToolNode(
  ctx: RunContext,
  node: CompiledNode,
  inputs: Record<string, unknown>,
): Promise<NodeOutput> {
  return registrarFor(node.type)(ctx, node, inputs);
}

/** Records the node's start as startRecord says, with the settings it runs with (a component node's). */
async function recordStart(ctx: RunContext, node: CompiledNode, params?: Record<string, unknown>): Promise<void> {
  const started = {
    type: "node.started" as const,
    payload: { nodeId: node.id, mode: node.mode, ...(params ? { params } : {}) },
  };
  const record = startRecord(ctx.plan, node);
  if (record === "stored") await ctx.emit(started);
  else if (record === "noted") ctx.note(started);
  else void ctx.emit(started).catch(() => undefined); // a later write reports a failure
}

async function executeComponent(
  ctx: RunContext,
  node: CompiledNode,
  inputs: Record<string, unknown>,
  signal: AbortSignal,
): Promise<NodeOutput> {
  const component = getComponent(node.type)!;
  // Judged on what it will run with (its params and wired inputs), read as the worker reads them.
  if (usesHost({ ...node, params: { ...node.params, ...inputs } }, undefined) && !(await hostToolsEnabled()))
    throw hostAccessOffError(node.label);
  // Secrets come only from the node's own params, resolved before templates pull in upstream data,
  // so neither upstream outputs nor run input can ask for one by carrying `{ "$secret": NAME }`.
  const ownParams = await ctx.secrets.resolveParams(node.params);
  const variables = node.readsVariables ? await ctx.variables() : undefined;
  const given = { ...ownParams, ...inputs };
  const portsOf = (sourceId: string) => outputPorts(ctx.plan.nodes[sourceId]);
  const filled = fillTemplates(ctx.plan, node, component, given, ctx.outputs, portsOf, variables);
  const params = parseNodeParams(component, node.label, filled);
  // What it runs with, for the run view; a secret param shows as the reference the node holds (anything else secret is
  // redacted on the way to the log).
  const secretParams = Object.entries(node.params).filter(([, value]) => isSecretRef(value));
  await recordStart(ctx, node, { ...(params as Record<string, unknown>), ...Object.fromEntries(secretParams) });
  // Only the component's work is tried again (data.retry): settings that do not hold fail at once.
  const onRetry = (notice: RetryNotice) =>
    ctx.emit({ type: "node.retrying", payload: { nodeId: node.id, ...notice } }).then(() => undefined);
  const priced = isModelNode(params) ? await pricedEvents(ctx, params) : (event: RunEventInput) => event;
  const emit = async (event: RunEventInput) => void (await ctx.emit(priced(event)));
  const tryOnce = () =>
    component.execute({
      runId: ctx.runId,
      nodeId: node.id,
      label: node.label,
      runInput: ctx.input,
      conversationId: ctx.trigger?.conversationId,
      params,
      connectedToolNodeIds: node.connectedToolNodeIds,
      outboundSecrets: ctx.secrets.outbound(),
      secrets: ctx.secrets,
      emit,
      note: (event) => ctx.note(priced(event)),
      signal,
      trackToolCall: ctx.toolCalls.begin,
      checkpoints: nodeCheckpoints(ctx, node),
      runChildWorkflow: (request) =>
        runChildWorkflow({ ...request, parentRunId: ctx.runId, nodeId: node.id, signal, emit }),
      waits: nodeWaits(ctx, node.id, signal),
    });
  const output = await withRetries(node.retry, tryOnce, { signal, onRetry, isFinal: isSuspension });
  return ctx.secrets.redact(withoutErrorHandle(node, output));
}

export const isSuspension = (error: unknown): error is NodeSuspended => error instanceof NodeSuspended;

/** Announces that the node waits (the run suspends once nothing else can run); the schedule parks it. */
async function announceWait(ctx: RunContext, suspension: NodeSuspended): Promise<never> {
  const { nodeId, wait } = suspension;
  const until = wait.wakeAt?.toISOString();
  await ctx.emit({
    type: "node.waiting",
    payload: { nodeId, kind: wait.kind, detail: wait.detail, ...(until ? { until } : {}) },
  });
  throw suspension;
}

const isPure = (node: CompiledNode) => getComponent(node.type)?.pure === true;

/** Whether the gateway records calls the node makes (an agent with tools, a node handing out a token). */
export const callsGateway = (node: CompiledNode) =>
  node.connectedToolNodeIds.length > 0 || getComponent(node.type)?.handsOutGatewayToken === true;

/**
 * How a node's start reaches the log: "stored" before it runs when running it twice is not harmless (a
 * resume must know it ran); "written" at once, as it runs, when the gateway records its tool calls
 * (they must land after its start); otherwise "noted" — it rides with the node's end or the next
 * write, at most NOTE_FLUSH_MS later, and a worker dying meanwhile leaves no trace of it, which a
 * resume allows for (unloggedSteps).
 */
export function startRecord(plan: CompiledWorkflow, node: CompiledNode): "stored" | "written" | "noted" {
  if (!isHarmlessToRepeat(plan, node)) return "stored";
  return callsGateway(node) ? "written" : "noted";
}

/**
 * What a resume of this run must allow for in a log that notes steps (resume-state.ts): a node
 * that runs again at no cost (pure) is not reported as run again; a skip and a pure node's end are
 * noted too.
 */
export function unloggedSteps(ctx: RunContext): UnloggedSteps {
  const skippable = skippableNodes(ctx.plan, { isBranching, isUnfiredTrigger: (node) => isUnfiredTrigger(ctx, node) });
  return {
    startMayBeMissing: (node) => startRecord(ctx.plan, node) === "noted" && !isPure(node),
    endMayBeMissing: (node) => isPure(node) || skippable.has(node.id),
  };
}

/**
 * Runs the node (or skips it, when its branch was not taken) and records its start and end;
 * failures become NodeFailure naming the node.
 * Its end is a checkpoint, stored before the run goes on (a resume starts after it), except for a
 * pure node, which costs nothing to run again, a node nothing waits on, and a tool-mode node (a
 * resume registers every tool again: its registry entry, written first, is what agents wait for;
 * resume-state.ts restores only normal nodes' outputs). Its start is recorded
 * as startRecord says, once a component node's settings are worked out (a node whose settings do
 * not hold fails without a start).
 */
export async function runNode(ctx: RunContext, nodeId: string, scheduleSignal: AbortSignal): Promise<void> {
  const node = ctx.plan.nodes[nodeId];
  const skip = whySkipped(ctx, nodeId);
  if (skip) {
    ctx.skipped.add(nodeId);
    return ctx.note({ type: "node.skipped", payload: { nodeId, reason: skip } });
  }
  const startedAt = Date.now();
  const pure = isPure(node);
  const timeout = node.timeoutSeconds ? AbortSignal.timeout(node.timeoutSeconds * 1000) : undefined;
  const signal = timeout ? AbortSignal.any([scheduleSignal, timeout]) : scheduleSignal;
  const inputs = resolveInputs(ctx, node);
  let output: NodeOutput;
  let handledError: string | undefined;
  try {
    const work =
      node.mode === "tool"
        ? recordStart(ctx, node).then(() => registerToolNode(ctx, node, inputs))
        : executeComponent(ctx, node, inputs, signal);
    output = await untilAborted(work, signal);
  } catch (error) {
    if (isSuspension(error) && !signal.aborted) return announceWait(ctx, error);
    const timedOut = timeout?.aborted
      ? `"${node.label}" took longer than its timeout of ${node.timeoutSeconds} s`
      : undefined;
    // the run stopped, or a sibling failed: not this node's fault
    if (!timedOut && scheduleSignal.aborted) throw scheduleSignal.reason;
    handledError = ctx.secrets.redactText(timedOut ?? errorMessage(error));
    const handed = handedOnError(node, handledError, error, outputPorts(node));
    if (!handed) throw new NodeFailure(nodeId, timedOut ?? errorMessage(error));
    output = handed;
  }
  ctx.outputs.set(nodeId, output);
  // A node that is no checkpoint has its end ride with the next write (the run's end, or another branch's).
  const completed = {
    nodeId,
    output,
    durationMs: Date.now() - startedAt,
    ...(handledError === undefined ? {} : { handledError }),
  };
  await (pure || node.mode === "tool" || !hasDependents(ctx.plan).has(nodeId) ? ctx.note : ctx.emit)({
    type: "node.completed",
    payload: completed,
  });
}
