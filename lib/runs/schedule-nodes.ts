/**
 * Runs a plan's nodes as soon as their dependencies are done, up to `concurrency` at once, so
 * independent branches run side by side. The first failure aborts the siblings still running
 * (through the signal each node gets), waits for them to settle, and is what the schedule throws.
 * A node that parks (`isParked` says so of what it threw: it waits, the run will suspend) is no
 * failure: what depends on it waits, everything else runs, and the parked nodes are the answer.
 */
import type { CompiledWorkflow } from "../workflow/compile";

export type RunNode = (nodeId: string, signal: AbortSignal) => Promise<void>;

export async function scheduleNodes(
  plan: CompiledWorkflow,
  done: ReadonlySet<string>,
  runNode: RunNode,
  options: { concurrency: number; signal: AbortSignal; isParked?: (error: unknown) => boolean },
): Promise<string[]> {
  const finished = new Set(done);
  const waiting = plan.order.filter((nodeId) => !finished.has(nodeId));
  const running = new Map<string, Promise<void>>();
  const siblings = new AbortController();
  const signal = AbortSignal.any([options.signal, siblings.signal]);
  let failure: { error: unknown } | undefined;
  const parked: string[] = [];

  const ready = () =>
    waiting.filter((nodeId) => plan.nodes[nodeId].dependsOn.every((dependency) => finished.has(dependency)));

  while (!failure && (waiting.length > 0 || running.size > 0)) {
    for (const nodeId of ready()) {
      if (running.size >= Math.max(1, options.concurrency) || signal.aborted) break;
      waiting.splice(waiting.indexOf(nodeId), 1);
      const execution = runNode(nodeId, signal).then(
        () => {
          running.delete(nodeId);
          finished.add(nodeId);
        },
        (error: unknown) => {
          running.delete(nodeId);
          if (options.isParked?.(error)) parked.push(nodeId);
          else failure ??= { error };
        },
      );
      running.set(nodeId, execution);
    }
    if (running.size === 0) {
      if (signal.aborted) throw signal.reason;
      if (waiting.length > 0 && !failure && parked.length === 0)
        throw new Error(`Nodes ${waiting.join(", ")} can never run: their dependencies are not in the plan`);
      break;
    }
    await Promise.race(running.values());
  }
  if (failure) {
    siblings.abort(failure.error);
    await Promise.allSettled(running.values());
    throw failure.error;
  }
  return parked;
}
