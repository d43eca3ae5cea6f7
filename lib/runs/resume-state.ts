/**
 * What a run's stored event log says about how far it got: the replay half of resuming a run
 * whose worker stopped (Temporal-style: the log is the checkpoint). Completed normal-mode nodes
 * keep their outputs and are not executed again (skipped ones stay skipped); a node that started but never finished was
 * in flight when the worker stopped; a terminal event means only the status is left to write;
 * earlier resumes after a crash say how often a node was in flight when its worker died.
 * Tool-mode nodes always register again, on the new worker. Some starts and ends are only noted
 * (they ride with the next write), so a worker that died a moment later left none of them: a node
 * whose start may be missing counts as in flight when everything it waits on had ended, or may
 * have. A node that went on to wait (node.waiting) is not in flight: it runs again when woken. Pure.
 */
import type { NodeOutput } from "../nodes/types";
import type { CompiledNode, CompiledWorkflow } from "../workflow/compile";
import type { RunEvent } from "./events";

export type ResumeState = {
  /** Normal-mode nodes done before the stop, with their outputs. */
  completed: Map<string, NodeOutput>;
  /** Nodes skipped because their branch was not taken. */
  skipped: Set<string>;
  /** Normal-mode nodes that started, or may have, and neither completed nor failed. */
  inFlight: string[];
  /** A node that failed before the stop, if the run's ending was not recorded yet. */
  failed?: { nodeId: string; error: string };
  /** The terminal event, when the run had ended but its status was not written. */
  terminal?: RunEvent & { type: "run.completed" | "run.failed" | "run.cancelled" };
  /** By node: how many earlier resumes found it in flight after its worker died (hand-backs do not count). */
  crashesWhileRunning: Map<string, number>;
};

/** Which steps of a node the log may lack though they happened (execute-node.ts's unloggedSteps). */
export type UnloggedSteps = {
  /** It may have started without its start in the log (and would count as run again). */
  startMayBeMissing: (node: CompiledNode) => boolean;
  /** It may have ended (completed or been skipped) without its end in the log. */
  endMayBeMissing: (node: CompiledNode) => boolean;
};

/** A log that holds every start and end. */
export const FULL_LOG: UnloggedSteps = { startMayBeMissing: () => false, endMayBeMissing: () => false };

export function resumeState(
  plan: CompiledWorkflow,
  events: readonly RunEvent[],
  unlogged: UnloggedSteps = FULL_LOG,
): ResumeState {
  const log = readLog(plan, events);
  const inFlight = [...log.started].filter((nodeId) => plan.nodes[nodeId]?.mode === "normal");
  inFlight.push(...startsMaybeMissing(plan, log, unlogged));
  const { completed, skipped, failed, terminal, crashesWhileRunning } = log;
  return { completed, skipped, inFlight, failed, terminal, crashesWhileRunning };
}

type LogSummary = Omit<ResumeState, "inFlight"> & {
  /** Started, and neither ended nor parked since. */
  started: Set<string>;
  /** Completed, skipped or failed. */
  ended: Set<string>;
  /** Went on to wait (node.waiting). */
  parked: Set<string>;
};

/** One pass over the log: what each node's last logged step says. */
function readLog(plan: CompiledWorkflow, events: readonly RunEvent[]): LogSummary {
  const log: LogSummary = {
    completed: new Map(),
    skipped: new Set(),
    crashesWhileRunning: new Map(),
    started: new Set(),
    ended: new Set(),
    parked: new Set(),
  };
  const { started, ended, parked } = log;
  for (const event of events) {
    switch (event.type) {
      case "run.resumed":
        if (!event.payload.afterCrash) break;
        for (const nodeId of event.payload.retriedNodeIds) {
          log.crashesWhileRunning.set(nodeId, (log.crashesWhileRunning.get(nodeId) ?? 0) + 1);
        }
        break;
      case "node.started":
        started.add(event.payload.nodeId);
        parked.delete(event.payload.nodeId);
        break;
      case "node.waiting": // parked, not cut off: it runs again once its wait ends (node-waits.ts)
        started.delete(event.payload.nodeId);
        parked.add(event.payload.nodeId);
        break;
      case "node.completed":
        started.delete(event.payload.nodeId);
        ended.add(event.payload.nodeId);
        if (plan.nodes[event.payload.nodeId]?.mode === "normal")
          log.completed.set(event.payload.nodeId, (event.payload.output ?? {}) as NodeOutput);
        break;
      case "node.skipped":
        log.skipped.add(event.payload.nodeId);
        ended.add(event.payload.nodeId);
        break;
      case "node.failed":
        started.delete(event.payload.nodeId);
        ended.add(event.payload.nodeId);
        log.failed ??= { nodeId: event.payload.nodeId, error: event.payload.error };
        break;
      case "run.completed":
      case "run.failed":
      case "run.cancelled":
        log.terminal = event;
        break;
    }
  }
  return log;
}

/**
 * Nodes whose start the log may lack though they started: everything they wait on had ended, or may
 * have. Walked in the plan's order, so what a node waits on is settled before it.
 */
function startsMaybeMissing(plan: CompiledWorkflow, log: LogSummary, unlogged: UnloggedSteps): string[] {
  const mayHaveEnded = new Set<string>();
  const missing: string[] = [];
  for (const nodeId of plan.order) {
    const node = plan.nodes[nodeId];
    const couldStart = node.dependsOn.every((dependency) => mayHaveEnded.has(dependency));
    if (log.ended.has(nodeId) || (couldStart && unlogged.endMayBeMissing(node))) mayHaveEnded.add(nodeId);
    const logged = log.ended.has(nodeId) || log.started.has(nodeId) || log.parked.has(nodeId);
    if (couldStart && node.mode === "normal" && !logged && unlogged.startMayBeMissing(node)) missing.push(nodeId);
  }
  return missing;
}
