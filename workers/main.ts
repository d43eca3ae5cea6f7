/** The worker process entry point. Start more of these, on more machines, to scale out. */
import { sharedRedis } from "../lib/queue/redis";
import { startWorkers } from "../lib/runs/start-workers";

const runConcurrency = Number(process.env.RUN_CONCURRENCY ?? 8);
const toolCallConcurrency = Number(process.env.TOOL_CALL_CONCURRENCY ?? 32);

const workers = await startWorkers({ runConcurrency, toolCallConcurrency });
console.log(`worker ready: runs ×${runConcurrency}, tool-calls ×${toolCallConcurrency}`);

async function stop(signal: string) {
  console.log(`worker stopping (${signal})`);
  await workers.close();
  sharedRedis().disconnect();
  process.exit(0);
}
process.once("SIGINT", () => void stop("SIGINT"));
process.once("SIGTERM", () => void stop("SIGTERM"));
