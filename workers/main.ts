/** The worker process entry point. Start more of these, on more machines, to scale out. */
import { sharedRedis } from "../lib/queue/redis";
import { DEFAULT_RUN_CONCURRENCY, DEFAULT_TOOL_CALL_CONCURRENCY, startWorkers } from "../lib/runs/start-workers";
import { describeSandbox } from "../lib/sandbox/availability";
import { noteProcessStopping } from "../lib/sandbox/process-boxes";
import { startScheduleKeeper } from "../lib/triggers/schedule-keeper";
import { flushTracing, startTracing } from "../lib/telemetry/tracing";

// OpenTelemetry traces over OTLP/HTTP, when OTEL_EXPORTER_OTLP_ENDPOINT (or …_TRACES_ENDPOINT) is set.
startTracing("switchboard-worker");

const workers = await startWorkers();
// PostgreSQL's schedules re-armed in Redis, at start and every 30 s (SWITCHBOARD_SCHEDULE_RECONCILE_MS).
const scheduleKeeper = await startScheduleKeeper();
console.log(
  `worker ready (pid ${process.pid}): runs ×${DEFAULT_RUN_CONCURRENCY}, tool-calls ×${DEFAULT_TOOL_CALL_CONCURRENCY}`,
);
console.log(`worker sandbox: ${await describeSandbox()}`); // after "ready": tests and supervisors wait for that line

let stopping = false;

/** Drains: running runs get a grace period to finish, then are handed back to other workers (start-workers.ts). */
async function stop(signal: string) {
  if (stopping) return; // a second signal (tsx passing it on) must not cut the drain short
  stopping = true;
  noteProcessStopping(); // its boxes die with it (the same signal, to the process group)
  console.log(`worker stopping (${signal})`);
  scheduleKeeper.close();
  await workers.close();
  await flushTracing();
  sharedRedis().disconnect();
  process.exit(0);
}
process.on("SIGINT", () => void stop("SIGINT"));
process.on("SIGTERM", () => void stop("SIGTERM"));
