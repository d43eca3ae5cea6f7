/**
 * Walks a run's plan in dependency order. Tool-mode nodes register in the run's tool registry;
 * other nodes execute with their inputs taken from upstream outputs. Every step is a run event.
 * When the run ends, however it ends, calls still waiting for approval are denied, MCP servers
 * are torn down and the registry is deleted.
 */
import type { Redis } from "ioredis";
import { denyApprovalsOnRunEnd } from "../approvals/deny-on-run-end";
import { getDb } from "../db/client";
import { asJson } from "../db/json";
import { getComponent } from "../nodes";
import type { NodeOutput } from "../nodes/types";
import { deleteRegistry, refreshRegistry } from "../registry/registry";
import { SecretScope } from "../secrets/secret-scope";
import { registerComponentTool } from "../tools/register-component-tool";
import { registerMcpNode } from "../mcp/register-mcp-node";
import { isMcpNodeType } from "../mcp/server-specs";
import { teardownRunMcp } from "../mcp/teardown";
import type { CompiledNode, CompiledWorkflow } from "../workflow/compile";
import { createEventRecorder, type EventRecorder } from "./record-event";
import { fillTemplates } from "./fill-templates";
import { parseNodeParams } from "./node-params";
import { watchCancellation } from "./run-cancellation";

export class NodeFailure extends Error {
  constructor(
    readonly nodeId: string,
    message: string,
  ) {
    super(message);
  }
}

function resolveInputs(node: CompiledNode, outputs: Map<string, NodeOutput>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(node.inputs).map(([port, from]) => [port, outputs.get(from.nodeId)?.[from.port]]));
}

function runOutput(plan: CompiledWorkflow, outputs: Map<string, NodeOutput>): unknown {
  const sinks = plan.outputNodeIds.map((id) => [plan.nodes[id].label, outputs.get(id)] as const);
  return sinks.length === 1 ? sinks[0][1] : Object.fromEntries(sinks);
}

async function registerToolNode(redis: Redis, runId: string, node: CompiledNode, inputs: Record<string, unknown>, emit: EventRecorder) {
  if (isMcpNodeType(node.type)) return registerMcpNode(redis, runId, node, emit);
  const { toolName, kind, description } = await registerComponentTool(redis, runId, node, inputs);
  await emit({ type: "tool.registered", payload: { nodeId: node.id, toolName, kind, description } });
  return { tool: toolName };
}

/** What every ending does before its terminal event, so the log ends with that event. */
async function endRunTools(redis: Redis, runId: string, emit: EventRecorder): Promise<void> {
  await denyApprovalsOnRunEnd(redis, runId, emit).catch((error) => console.warn(`run ${runId}: could not end its approvals: ${error instanceof Error ? error.message : String(error)}`));
  await teardownRunMcp(runId, emit);
}

const outputPorts = (type: string) => getComponent(type)?.outputs.map((port) => port.name) ?? [];

/** Records through `record`, with every secret the run has resolved so far redacted. */
const redactingRecorder =
  (record: EventRecorder, secrets: SecretScope): EventRecorder =>
  (event) =>
    record(secrets.redact(event));

async function executeNode(
  runId: string,
  runInput: unknown,
  plan: CompiledWorkflow,
  node: CompiledNode,
  inputs: Record<string, unknown>,
  outputs: ReadonlyMap<string, NodeOutput>,
  emit: EventRecorder,
  signal: AbortSignal,
  secrets: SecretScope,
) {
  const component = getComponent(node.type)!;
  // Secrets come only from the node's own params, resolved before templates pull in upstream data,
  // so neither upstream outputs nor run input can ask for one by carrying `{ "$secret": NAME }`.
  const ownParams = await secrets.resolveParams(node.params);
  const filled = fillTemplates(plan, node, component, { ...ownParams, ...inputs }, outputs, outputPorts);
  const params = parseNodeParams(component, node.label, filled);
  const output = await component.execute({
    runId,
    nodeId: node.id,
    label: node.label,
    runInput,
    params,
    connectedToolNodeIds: node.connectedToolNodeIds,
    emit: async (event) => void (await emit(event)),
    signal,
  });
  return secrets.redact(output);
}

export async function executeRun(redis: Redis, runId: string, shutdown: AbortSignal): Promise<void> {
  const db = getDb();
  const run = await db.run.findUnique({ where: { id: runId } });
  if (!run || run.status !== "queued") return; // unknown, cancelled, or already picked up by another attempt
  const plan = run.plan as unknown as CompiledWorkflow;
  const secrets = new SecretScope();
  const emit = redactingRecorder(createEventRecorder(redis, runId), secrets);
  const startedAt = Date.now();
  // Conditional, so a cancel that lands between the read and here wins.
  const claimed = await db.run.updateMany({ where: { id: runId, status: "queued" }, data: { status: "running", startedAt: new Date(startedAt) } });
  if (claimed.count === 0) return;
  await emit({ type: "run.started", payload: {} });
  const cancellation = watchCancellation(redis, runId, shutdown);
  const signal = cancellation.signal;

  const outputs = new Map<string, NodeOutput>();
  const keepAlive = setInterval(() => void refreshRegistry(redis, runId).catch(() => undefined), 60_000);
  try {
    for (const nodeId of plan.order) {
      signal.throwIfAborted();
      const node = plan.nodes[nodeId];
      const nodeStartedAt = Date.now();
      await emit({ type: "node.started", payload: { nodeId, mode: node.mode } });
      const inputs = resolveInputs(node, outputs);
      let output: NodeOutput;
      try {
        output =
          node.mode === "tool"
            ? await registerToolNode(redis, runId, node, inputs, emit)
            : await executeNode(runId, run.input ?? undefined, plan, node, inputs, outputs, emit, signal, secrets);
      } catch (error) {
        throw new NodeFailure(nodeId, error instanceof Error ? error.message : String(error));
      }
      signal.throwIfAborted(); // a node that finishes after a cancel does not count as done
      outputs.set(nodeId, output);
      await emit({ type: "node.completed", payload: { nodeId, output, durationMs: Date.now() - nodeStartedAt } });
    }
    const output = runOutput(plan, outputs);
    await endRunTools(redis, runId, emit);
    // The terminal event is recorded before the status flips, so a finished status means a complete event log.
    await emit({ type: "run.completed", payload: { output, durationMs: Date.now() - startedAt } });
    await db.run.update({ where: { id: runId }, data: { status: "completed", output: asJson(output), finishedAt: new Date() } });
  } catch (error) {
    if (cancellation.cancelled()) {
      await endRunTools(redis, runId, emit);
      await emit({ type: "run.cancelled", payload: {} });
      await db.run.update({ where: { id: runId }, data: { status: "cancelled", finishedAt: new Date() } });
      return;
    }
    const message = secrets.redactText(error instanceof Error ? error.message : String(error));
    const nodeId = error instanceof NodeFailure ? error.nodeId : undefined;
    if (nodeId) await emit({ type: "node.failed", payload: { nodeId, error: message } });
    await endRunTools(redis, runId, emit);
    await emit({ type: "run.failed", payload: { error: message, nodeId } });
    await db.run.update({ where: { id: runId }, data: { status: "failed", error: message, finishedAt: new Date() } });
  } finally {
    cancellation.stop();
    clearInterval(keepAlive);
    await endRunTools(redis, runId, emit); // a no-op unless recording an event failed above
    await deleteRegistry(redis, runId);
  }
}
