/**
 * Waits for many runs to end without loading the system being measured: one poller asks the
 * database every few milliseconds about every run still outstanding, in one query.
 */
import { sql } from "../../lib/db/sql";

export type RunEnd = { status: string; error: string | null };

export function runCompletion(pollMs = 5) {
  const waiting = new Map<string, (end: RunEnd) => void>();
  let timer: NodeJS.Timeout | undefined;
  const poll = async () => {
    const ids = [...waiting.keys()];
    if (ids.length > 0) {
      const rows = await sql<{ id: string; status: string; error: string | null }>`
        SELECT id, status, error FROM "Run" WHERE id = ANY(${ids}) AND status NOT IN ('queued', 'running')`;
      for (const row of rows) {
        waiting.get(row.id)?.(row);
        waiting.delete(row.id);
      }
    }
    timer = waiting.size > 0 ? setTimeout(() => void poll(), pollMs) : undefined;
  };
  return {
    /** Resolves with the run's final status. */
    wait(runId: string): Promise<RunEnd> {
      const ended = new Promise<RunEnd>((resolve) => waiting.set(runId, resolve));
      timer ??= setTimeout(() => void poll(), pollMs);
      return ended;
    },
  };
}

/**
 * Starts runs with `start` from `concurrency` callers until `total` have ended; the throughput, each run's latency, and
 * this process's CPU per run.
 */
export async function driveRuns(
  total: number,
  concurrency: number,
  start: () => Promise<string>,
): Promise<{ perSecond: number; latencies: number[]; cpuMsPerRun: number }> {
  const completion = runCompletion();
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        next++;
        const t0 = performance.now();
        const runId = await start();
        const end = await completion.wait(runId);
        if (end.status !== "completed") throw new Error(`bench run ${runId} ${end.status}: ${end.error}`);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const cpu = process.cpuUsage(cpuBefore);
  return {
    perSecond: total / ((performance.now() - started) / 1000),
    latencies,
    cpuMsPerRun: (cpu.user + cpu.system) / 1000 / total,
  };
}
