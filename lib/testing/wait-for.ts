/** Polling for tests: wait until a probe yields a value (a run's status, an event, a process gone). */
import type { RunEvent } from "../runs/events";
import { listEvents } from "../runs/read-events";

export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined> | T | undefined,
  timeoutMs: number,
  intervalMs = 50,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** The run's stored events, once `matches` accepts them. */
export const waitForEvents = (
  runId: string,
  matches: (events: RunEvent[]) => boolean,
  timeoutMs = 15_000,
): Promise<RunEvent[]> =>
  waitFor(
    `the expected events of run ${runId}`,
    async () => {
      const events = await listEvents(runId);
      return matches(events) ? events : undefined;
    },
    timeoutMs,
  );

/** The first stored event of the run that `matches` accepts. */
export const waitForEvent = (
  runId: string,
  matches: (event: RunEvent) => boolean,
  timeoutMs = 15_000,
): Promise<RunEvent> =>
  waitFor(`an event of run ${runId}`, async () => (await listEvents(runId)).find(matches), timeoutMs);
