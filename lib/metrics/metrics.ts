/**
 * Counting in a process: each web or worker process counts into its own prom-client registry and, every
 * SWITCHBOARD_METRICS_FLUSH_MS (1 s), adds what changed since its last flush to Redis hashes shared by all processes
 * (one MULTI; see exposition.ts for why). Recording is an in-memory increment; a process that dies loses at most its
 * last second, and a flush that fails is carried into the next one.
 */
import { Counter, Histogram, Registry } from "prom-client";
import { sharedRedis } from "../queue/redis";
import { COUNTED_METRICS, type CountedMetricKey, type LabelsOf } from "./catalogue";

const FLUSH_MS = Number(process.env.SWITCHBOARD_METRICS_FLUSH_MS ?? 1_000);

/** Where the totals of every process live: one hash per metric, field = [series name, labels] as JSON. */
// `{metrics}`: one hash tag for every metrics key, so a MULTI over them works on a Redis Cluster.
export const metricsHashKey = (name: string) => `switchboard:{metrics}:${name}`;
export const seriesField = (metricName: string, labels: Record<string, string | number>) =>
  JSON.stringify([metricName, labels]);

type ProcessMetrics = {
  registry: Registry;
  counters: Map<CountedMetricKey, Counter<string> | Histogram<string>>;
  /** What each series stood at when last added to Redis. */
  flushed: Map<string, number>;
  timer?: NodeJS.Timeout;
  /** The flush under way: another one waits for it, or it would add the same counts twice. */
  flushing?: Promise<void>;
};

// On globalThis so every Next bundle in the web process counts into one registry.
const holder = globalThis as unknown as { switchboardMetrics?: ProcessMetrics };

function processMetrics(): ProcessMetrics {
  if (holder.switchboardMetrics) return holder.switchboardMetrics;
  const registry = new Registry();
  const counters = new Map<CountedMetricKey, Counter<string> | Histogram<string>>();
  for (const [key, metric] of Object.entries(COUNTED_METRICS)) {
    const config = { name: metric.name, help: metric.help, labelNames: [...metric.labelNames], registers: [registry] };
    counters.set(
      key as CountedMetricKey,
      metric.kind === "counter" ? new Counter(config) : new Histogram({ ...config, buckets: [...metric.buckets] }),
    );
  }
  holder.switchboardMetrics = { registry, counters, flushed: new Map() };
  return holder.switchboardMetrics;
}

function scheduleFlush(metrics: ProcessMetrics) {
  if (metrics.timer) return;
  let warned = 0;
  metrics.timer = setInterval(
    () =>
      void flushMetrics().catch((error: unknown) => {
        if (Date.now() - warned < 60_000) return;
        warned = Date.now();
        console.warn(`[metrics] could not add this process's counts to Redis: ${(error as Error).message}`);
      }),
    FLUSH_MS,
  );
  metrics.timer.unref();
}

/** Adds `by` to a counter. */
export function countMetric<K extends CountedMetricKey>(key: K, labels: LabelsOf<K>, by = 1): void {
  if (!(by > 0)) return;
  const metrics = processMetrics();
  (metrics.counters.get(key) as Counter<string>).inc(labels, by);
  scheduleFlush(metrics);
}

/** Records one observation of a histogram (seconds for durations). */
export function observeMetric<K extends CountedMetricKey>(key: K, labels: LabelsOf<K>, value: number): void {
  if (!Number.isFinite(value)) return;
  const metrics = processMetrics();
  (metrics.counters.get(key) as Histogram<string>).observe(labels, Math.max(0, value));
  scheduleFlush(metrics);
}

/** Adds what this process counted since its last flush to the shared totals (also called when a process stops). */
export async function flushMetrics(): Promise<void> {
  const metrics = holder.switchboardMetrics;
  if (!metrics) return;
  const previous = metrics.flushing?.catch(() => undefined);
  const flushing = (async () => {
    await previous;
    await addChanges(metrics);
  })();
  metrics.flushing = flushing;
  return flushing;
}

async function addChanges(metrics: ProcessMetrics): Promise<void> {
  const changed: [string, number][] = [];
  const multi = sharedRedis().multi();
  for (const metric of await metrics.registry.getMetricsAsJSON()) {
    for (const value of metric.values) {
      const labels = value.labels as Record<string, string | number>;
      const field = seriesField((value as { metricName?: string }).metricName ?? metric.name, labels);
      const seen = `${metric.name}\n${field}`;
      const before = metrics.flushed.get(seen);
      const delta = value.value - (before ?? 0);
      // A new series is written even at 0: a histogram needs every bucket of its label set.
      if (delta === 0 && before !== undefined) continue;
      multi.hincrbyfloat(metricsHashKey(metric.name), field, delta);
      changed.push([seen, value.value]);
    }
  }
  if (changed.length === 0) return; // nothing was sent: a MULTI is only queued here until exec()
  await multi.exec();
  for (const [seen, value] of changed) metrics.flushed.set(seen, value);
}
