/**
 * What GET /api/metrics answers: the Prometheus text format of every metric, whichever process counted it.
 *
 * Web and worker processes are separate and there may be several of each, restarted at any time. So:
 * - Counters and histograms (runs started and finished, durations, queue waits, gateway calls, tokens, cost) are
 *   counted in the process where they happen and added to shared totals in Redis every second (metrics.ts). The totals
 *   only grow, whichever process scrapes them and however many workers come and go; they reset only if Redis loses
 *   its data, which Prometheus's rate() treats as a counter reset. Reading the run table instead would go backwards
 *   when retention deletes old runs.
 * - Gauges (jobs in each queue, worker slots in use and offered, runs in progress) are read at scrape time from
 *   BullMQ, the workers' heartbeats (worker-slots.ts) and PostgreSQL, so they are never stale.
 * Both become prom-client metric objects and are written out by prom-client's own registry.
 */
import { AggregatorRegistry } from "prom-client";
import { sql } from "../db/sql";
import { allRunsQueues, RUNS_QUEUE, TOOL_CALLS_QUEUE, toolCallsQueue } from "../queue/queues";
import { sharedRedis } from "../queue/redis";
import { COUNTED_METRICS, type CountedMetric } from "./catalogue";
import { metricsHashKey } from "./metrics";
import { liveWorkerSlots } from "./worker-slots";

/** A metric as prom-client's getMetricsAsJSON() gives it, which its AggregatorRegistry writes out. */
type Value = { metricName?: string; labels: Record<string, string | number>; value: number };
type MetricJson = {
  name: string;
  help: string;
  type: "counter" | "histogram" | "gauge";
  aggregator: "sum";
  values: Value[];
};

const QUEUE_STATES = ["waiting", "prioritized", "delayed", "active"] as const;
const IN_PROGRESS = ["queued", "running", "waiting"] as const;

function parseSeries(hash: Record<string, string>): Value[] {
  return Object.entries(hash).map(([field, value]) => {
    const [metricName, labels] = JSON.parse(field) as [string, Record<string, string | number>];
    return { metricName, labels, value: Number(value) };
  });
}

const bucketBound = (value: Value) => (value.labels.le === "+Inf" ? Infinity : Number(value.labels.le));

/** A histogram's series in the order the text format wants: per label set, its buckets by bound, then sum and count. */
function orderHistogram(name: string, values: Value[]): Value[] {
  const part = (value: Value) => [`${name}_bucket`, `${name}_sum`, `${name}_count`].indexOf(value.metricName ?? "");
  const bound = (value: Value) => (part(value) === 0 ? bucketBound(value) : 0);
  const group = (value: Value) => JSON.stringify(Object.entries(value.labels).filter(([label]) => label !== "le"));
  return values.sort((a, b) => group(a).localeCompare(group(b)) || part(a) - part(b) || (bound(a) < bound(b) ? -1 : 1));
}

async function countedMetrics(): Promise<MetricJson[]> {
  const metrics: CountedMetric[] = Object.values(COUNTED_METRICS);
  const pipeline = sharedRedis().pipeline();
  for (const metric of metrics) pipeline.hgetall(metricsHashKey(metric.name));
  const hashes = (await pipeline.exec()) ?? [];
  return metrics.map((metric, index): MetricJson => {
    const [error, hash] = hashes[index] ?? [];
    if (error) throw error;
    const values = parseSeries((hash ?? {}) as Record<string, string>);
    return {
      name: metric.name,
      help: metric.help,
      type: metric.kind,
      aggregator: "sum",
      values: metric.kind === "histogram" ? orderHistogram(metric.name, values) : values,
    };
  });
}

const gauge = (name: string, help: string, values: Value[]): MetricJson => ({
  name,
  help,
  type: "gauge",
  aggregator: "sum",
  values,
});

/** The `runs` queue's job counts, its partitions (lib/queue/run-partitions.ts) added up. */
async function partitionedRunCounts(): Promise<Record<string, number>> {
  const summed: Record<string, number> = {};
  for (const counts of await Promise.all(allRunsQueues().map((queue) => queue.getJobCounts(...QUEUE_STATES))))
    for (const [state, count] of Object.entries(counts)) summed[state] = (summed[state] ?? 0) + count;
  return summed;
}

async function liveGauges(): Promise<MetricJson[]> {
  const queues = [RUNS_QUEUE, TOOL_CALLS_QUEUE].map((name) => ({ name }));
  const [counts, workers, inProgress] = await Promise.all([
    Promise.all([partitionedRunCounts(), toolCallsQueue().getJobCounts(...QUEUE_STATES)]),
    liveWorkerSlots(),
    sql<{ status: string; count: number }>`
      SELECT status::text AS status, count(*)::int AS count FROM "Run"
        WHERE status::text = ANY(${[...IN_PROGRESS]}::text[]) GROUP BY status`,
  ]);
  const jobs = queues.flatMap((queue, index) =>
    QUEUE_STATES.map((state) => ({ labels: { queue: queue.name, state }, value: counts[index][state] ?? 0 })),
  );
  const inUse = queues.map((queue, index) => ({ labels: { queue: queue.name }, value: counts[index].active ?? 0 }));
  const offered = Object.entries(workers.slots).map(([queue, value]) => ({ labels: { queue }, value }));
  const byStatus = new Map(inProgress.map((row) => [row.status, row.count]));
  return [
    gauge("switchboard_queue_jobs", "Jobs in each queue now, by state.", jobs),
    gauge("switchboard_worker_slots_in_use", "Worker slots busy now (the queue's active jobs), by queue.", inUse),
    gauge("switchboard_worker_slots", "Worker slots the live workers offer, by queue.", offered),
    gauge("switchboard_workers", "Worker processes alive now.", [{ labels: {}, value: workers.workers }]),
    gauge(
      "switchboard_runs_in_progress",
      "Runs not ended yet, by status (queued, running, waiting).",
      IN_PROGRESS.map((status) => ({ labels: { status }, value: byStatus.get(status) ?? 0 })),
    ),
  ];
}

/** The whole exposition, and the content type to answer it with. */
export async function metricsExposition(): Promise<{ text: string; contentType: string }> {
  const [counted, live] = await Promise.all([countedMetrics(), liveGauges()]);
  const registry = AggregatorRegistry.aggregate([[...counted, ...live]]);
  return { text: await registry.metrics(), contentType: registry.contentType };
}
