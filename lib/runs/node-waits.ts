/**
 * The engine's side of a node's wait (ExecuteContext.waits): opening it in PostgreSQL (its detail
 * redacted with the run's secrets), ending it by the clock when its time has come, parking the node
 * (NodeSuspended) so the run can let go of its worker, and handing its links to a notify URL through
 * the outbound guard. A wait due within a moment is slept through instead: suspending costs more.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { guardedFetch } from "../net/guarded-fetch";
import type { NodeWaits, WaitRequest } from "../nodes/types";
import type { RunContext } from "./run-context";
import { approvalPageUrl, resumeUrl } from "./resume-link";
import { findWait, markHandedOut, openWait, resolveWait, type StoredWait } from "./run-waits";

/** How long the notify URL has to take the links. */
const NOTIFY_TIMEOUT_MS = 10_000;

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
      // Stored where the run view, the one-time page and the API show it: never with a secret's value.
      const stored = { ...request, detail: ctx.secrets.redact(request.detail) };
      const wait = await openWait(ctx.runId, nodeId, stored);
      opened = await endIfDue(ctx, wait, signal);
      return { outcome: opened.resolution, resumeUrl: resumeUrl(wait.id), pageUrl: approvalPageUrl(wait.id) };
    },
    suspend: async () => {
      if (!opened) throw new Error(`Node ${nodeId} asked to wait before opening its wait`);
      throw new NodeSuspended(nodeId, opened);
    },
    handOut: async (send) => {
      if (!opened) throw new Error(`Node ${nodeId} asked to hand out its links before opening its wait`);
      if (opened.handedOutAt) return;
      await send();
      await markHandedOut(opened.id);
    },
    notify: async (url, body) => {
      const response = await guardedFetch(
        url,
        {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(ctx.secrets.redact(body)),
          signal: AbortSignal.any([signal, AbortSignal.timeout(NOTIFY_TIMEOUT_MS)]),
        },
        { secrets: ctx.secrets.outbound() },
      );
      await response.body?.cancel().catch(() => undefined);
      if (!response.ok) throw new Error(`notifyUrl answered ${response.status}: the wait's link was not handed out`);
    },
  };
}
