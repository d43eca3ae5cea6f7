/**
 * Waits (up to a limit) for a run to end, on the live events with the stored status as the safety net: for callers that
 * want the output in their answer (a webhook that responds when done).
 */
import type { RunEvent } from "./events";
import { TERMINAL_EVENT_TYPES } from "./terminal-events";
import { watchRunEvents } from "./live-events";
import { getRunStatus, type RunStatusRow } from "./read-run";

const RECHECK_MS = 1_000;
const ENDED = new Set(["completed", "failed", "cancelled"]);

/** The run's row once it has ended, or its row as it stands when `timeoutMs` is up. */
export async function waitForRunEnd(runId: string, timeoutMs: number): Promise<RunStatusRow | null> {
  let wake: () => void = () => undefined;
  // The live events only make the answer prompt; if the subscription fails, the stored status (read every second) still
  // ends the wait.
  const unwatch = await watchRunEvents(runId, (events: RunEvent[]) => {
    if (events.some((event) => TERMINAL_EVENT_TYPES.has(event.type))) wake();
  }).catch((error: unknown) => {
    console.warn(
      `run ${runId}: waiting without live events (${error instanceof Error ? error.message : String(error)})`,
    );
    return () => undefined;
  });
  const deadline = Date.now() + timeoutMs;
  try {
    for (;;) {
      const run = await getRunStatus(runId);
      if (!run || ENDED.has(run.status) || Date.now() >= deadline) return run;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(RECHECK_MS, Math.max(0, deadline - Date.now())));
        wake = () => (clearTimeout(timer), resolve());
      });
    }
  } finally {
    unwatch();
  }
}
