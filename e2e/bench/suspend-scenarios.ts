/**
 * Suspended runs: how many waiting runs one GiB of worker memory holds (runs suspended on a Wait of
 * an hour, the in-process worker's live heap after a full collection, before and after), and how
 * long a run takes to go on after a POST to its one-time resume URL (POST → the worker's
 * `run.resumed`, and → `run.completed`).
 */
import { getHeapStatistics } from "node:v8";
import type { ApiClient } from "../../lib/testing/api-client";
import { sql } from "../../lib/db/sql";
import { graphEdge, graphNode } from "../../lib/testing/fixtures";
import { sumCounts } from "../../lib/queue/queues";
import { ms, percentile, type BenchRow } from "./measure";
import { createWorkflow, type Scenario } from "./workflow-scenarios";

const GiB = 2 ** 30;

async function untilWaiting(runIds: string[], timeoutMs = 300_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [{ count }] = await sql<{ count: number }>`
      SELECT count(*)::int AS count FROM "Run" WHERE id = ANY(${runIds}::text[]) AND status = 'waiting'`;
    if (count === runIds.length) return;
    if (Date.now() > deadline) throw new Error(`bench: only ${count} of ${runIds.length} runs suspended in time`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function eventAt(runId: string, type: string): Promise<number> {
  for (;;) {
    const found = await sql`SELECT 1 FROM "RunEvent" WHERE "runId" = ${runId} AND type = ${type}`;
    if (found.length > 0) return performance.now();
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

/** N runs suspended on a Wait of an hour: the worker's live heap they add, and the worker slots they hold (none). */
async function suspendedPerGiB(api: ApiClient, runs: number): Promise<Scenario> {
  const collect = (globalThis as { gc?: () => void }).gc;
  if (!collect)
    throw new Error("bench: the suspended-runs scenario needs node's --expose-gc (npm run bench passes it)");
  const start = await createWorkflow(api, "bench suspended", {
    nodes: [graphNode("entry", "core.entry"), graphNode("hour", "core.wait", { params: { seconds: 3600 } })],
    edges: [graphEdge("entry", "output", "hour", "input")],
  });
  await untilWaiting(await Promise.all(Array.from({ length: 50 }, () => start()))); // warm up
  const heap = () => (collect(), collect(), getHeapStatistics().used_heap_size);
  const before = heap();
  const runIds: string[] = [];
  for (let batch = 0; batch < runs; batch += 50)
    runIds.push(...(await Promise.all(Array.from({ length: Math.min(50, runs - batch) }, () => start()))));
  await untilWaiting(runIds);
  const active = await sumCounts((queue) => queue.getActiveCount());
  const added = Math.max(heap() - before, 1);
  const perGiB = Math.round(GiB / (added / runs));
  const row: BenchRow = {
    scenario:
      `${runs} runs suspended on a Wait of 1 h: worker heap +${ms(added / 2 ** 20)} MiB ` +
      `(${Math.round(added / runs)} B/run), ${active} worker slots held`,
    "per second": "",
    "p50 ms": "",
    "p95 ms": `${perGiB.toLocaleString("en")} runs/GiB`,
  };
  return { rows: [row], figures: { suspended_runs_per_gib: perGiB, suspended_runs_slots_held: active } };
}

/**
 * Sequential runs waiting on a Wait for webhook: POST to the resume URL → the worker's next event, and → the
 * run's end.
 */
async function resumeLatency(api: ApiClient, runs: number): Promise<Scenario> {
  const start = await createWorkflow(api, "bench resume", {
    nodes: [graphNode("entry", "core.entry"), graphNode("hook", "core.wait.webhook")],
    edges: [graphEdge("entry", "output", "hook", "input")],
  });
  const toNext: number[] = [];
  const toEnd: number[] = [];
  for (let index = 0; index < runs; index++) {
    const runId = await start();
    await untilWaiting([runId]);
    const links = await api.fetch(`/api/runs/${runId}/waits/hook`);
    const { resumeUrl } = (await links.json()) as { resumeUrl: string };
    const posted = performance.now();
    const answer = await fetch(resumeUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ index }),
    });
    if (answer.status !== 202) throw new Error(`bench: the resume URL answered ${answer.status}`);
    const [resumed, completed] = await Promise.all([eventAt(runId, "run.resumed"), eventAt(runId, "run.completed")]);
    toNext.push(resumed - posted);
    toEnd.push(completed - posted);
  }
  const row = (what: string, values: number[]): BenchRow => ({
    scenario: `resume URL POST → ${what} (${runs} runs, one at a time)`,
    "per second": "",
    "p50 ms": ms(percentile(values, 50)),
    "p95 ms": ms(percentile(values, 95)),
  });
  return {
    rows: [row("the run's next event (run.resumed, by a worker)", toNext), row("run.completed", toEnd)],
    figures: {
      resume_post_to_next_event_p50_ms: ms(percentile(toNext, 50)),
      resume_post_to_next_event_p95_ms: ms(percentile(toNext, 95)),
    },
  };
}

export async function benchSuspendedRuns(
  api: ApiClient,
  { runs = Number(process.env.BENCH_SUSPENDED_RUNS ?? 1000), resumes = Number(process.env.BENCH_RESUMES ?? 30) } = {},
): Promise<Scenario> {
  const memory = await suspendedPerGiB(api, runs);
  const latency = await resumeLatency(api, resumes);
  return { rows: [...memory.rows, ...latency.rows], figures: { ...memory.figures, ...latency.figures } };
}
