/**
 * The engine's side of a node's wait (ExecuteContext.waits): opening it in PostgreSQL, ending it
 * by the clock when its time has come, and parking the node (NodeSuspended) so the run can let go
 * of its worker. A wait due within a moment is slept through instead: suspending costs more.
 */
import { setTimeout as sleep } from "node:timers/promises";
import type { NodeWaits, WaitRequest } from "../nodes/types";
import type { RunContext } from "./run-context";
import { approvalPageUrl, resumeUrl } from "./resume-link";
import { findWait, openWait, resolveWait, type StoredWait } from "./run-waits";

/** A wait ending sooner than this is slept through in the worker. */
export const SLEEP_THROUGH_MS = 1_500;

/** Thrown by `suspend()`: the node waits; the schedule parks it and the run suspends once nothing else can run. */
export class NodeSuspended extends Error {
  constructor(
    readonly nodeId: string,
    readonly wait: StoredWait,
  ) {
    super(`Node ${nodeId} waits (${wait.kind})`);
  }
}

/** Ends the wait by the clock if its time has come (sleeping through the last moment); the wait as it stands after. */
async function endIfDue(ctx: RunContext, wait: StoredWait, signal: AbortSignal): Promise<StoredWait> {
  if (wait.resolution || !wait.wakeAt) return wait;
  const left = wait.wakeAt.getTime() - Date.now();
  if (left > SLEEP_THROUGH_MS) return wait;
  if (left > 0) await sleep(left, undefined, { signal });
  if (await resolveWait(wait.id, { timedOut: true }))
    await ctx.emit({ type: "node.wait.ended", payload: { nodeId: wait.nodeId, kind: wait.kind, by: "clock" } });
  return (await findWait(wait.id)) ?? wait;
}

export function nodeWaits(ctx: RunContext, nodeId: string, signal: AbortSignal): NodeWaits {
  let opened: StoredWait | undefined;
  return {
    open: async (request: WaitRequest) => {
      const { wait, fresh } = await openWait(ctx.runId, nodeId, request);
      opened = await endIfDue(ctx, wait, signal);
      return { fresh, outcome: opened.resolution, resumeUrl: resumeUrl(wait.id), pageUrl: approvalPageUrl(wait.id) };
    },
    suspend: async () => {
      if (!opened) throw new Error(`Node ${nodeId} asked to wait before opening its wait`);
      throw new NodeSuspended(nodeId, opened);
    },
  };
}
