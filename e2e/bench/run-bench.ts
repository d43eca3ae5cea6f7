/**
 * `npm run bench`: throughput and latency of the real run path, printed as a table and written to
 * bench-results.json. Scenarios: the example workflow (API → queue → worker → gateway → tool worker
 * → events), the gateway's tools/call against calling the component directly (gateway-scenario.ts),
 * MCP servers (mcp-scenarios.ts), the engine — simple runs beside a framework-free floor, POST →
 * first event, the compiler (engine-scenarios.ts) — workflow shapes: an agent run, parallel
 * branches, the n8n-style webhook → Transform → answer, a worker's memory (workflow-scenarios.ts),
 * recovery from a worker's death, npm start's own processes (topology-scenario.ts), expression containment:
 * evaluations beside expressions being killed, against a floor (containment-scenario.ts), and suspended runs: how
 * many one GiB of worker memory holds, and resume URL POST → the run's next event (suspend-scenarios.ts), 1,000
 * agent runs waiting on a slow model at once on one worker process (waiting-agents-scenario.ts), simple runs on a
 * Redis Cluster through PgBouncer (cluster-scenario.ts), and knowledge search over 50k chunks against exact search
 * (knowledge-scenario.ts).
 * `npm run bench:engine -- simple agent` runs only the named scenarios (names: see `scenarios` below).
 * Uses its own database and Redis db index (lib/testing/test-slot.ts), so nothing else is disturbed.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";

import { testDatabaseUrl, testRedisUrl } from "../../lib/testing/test-slot";
import { loadavg } from "node:os";
import { ms, percentile, withLoad, type BenchRow } from "./measure";

process.env.DATABASE_URL = process.env.BENCH_DATABASE_URL ?? testDatabaseUrl("bench");
// The MCP scenarios start stdio servers, which need host access (an operator's decision).
process.env.SWITCHBOARD_HOST_TOOLS = "1";
process.env.REDIS_URL = process.env.BENCH_REDIS_URL ?? testRedisUrl("bench");

const { prepareTestDatabase } = await import("../../lib/db/test-database");
await prepareTestDatabase();
const { startTestStack } = await import("../../lib/testing/test-stack");
const { driveRuns } = await import("./run-completion");
const { exampleWorkflowGraph } = await import("../../lib/workflow-store/example");
const { sharedRedis } = await import("../../lib/queue/redis");
const { benchMcp } = await import("./mcp-scenarios");
const { benchGateway } = await import("./gateway-scenario");
const { benchRecovery } = await import("./recovery-scenario");
const { benchCompiler, benchFirstEvent, benchSimpleRuns } = await import("./engine-scenarios");
const { benchAgentRun, benchParallelBranches, benchWebhookTransform, benchWorkerMemory } =
  await import("./workflow-scenarios");
const { benchNpmStart } = await import("./topology-scenario");
const { benchContainment } = await import("./containment-scenario");
const { benchSuspendedRuns } = await import("./suspend-scenarios");
const { benchCluster } = await import("./cluster-scenario");
const { benchWaitingAgentsAlone } = await import("./waiting-agents-scenario");
const { benchKnowledgeSearch } = await import("./knowledge-scenario");

const RUNS = Number(process.env.BENCH_RUNS ?? 60);
const RUN_CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 6);
const CALLS = Number(process.env.BENCH_CALLS ?? 500);

const { DEFAULT_RUN_CONCURRENCY } = await import("../../lib/runs/start-workers");
const stack = await startTestStack({ runConcurrency: DEFAULT_RUN_CONCURRENCY });
const rows: BenchRow[] = [];
/** Named figures for bench-results.json, so runs can be compared. */
const figures: Record<string, number> = {};
async function exampleRuns() {
  const created = await stack.fetch("/api/workflows", {
    method: "POST",
    body: JSON.stringify({ name: "bench", publish: true, ...exampleWorkflowGraph() }),
  });
  const { id } = (await created.json()) as { id: string };
  // Ends are seen by the bench's 5 ms poller (run-completion.ts): a per-run poll every 50 ms would round each latency
  // up to it.
  const start = async () =>
    (
      (await (
        await stack.fetch(`/api/workflows/${id}/runs`, { method: "POST", body: JSON.stringify({ input: "bench" }) })
      ).json()) as { runId: string }
    ).runId;
  const result = await driveRuns(RUNS, RUN_CONCURRENCY, start);
  rows.push({
    scenario: `example workflow, ${RUNS} runs ×${RUN_CONCURRENCY} in flight`,
    "per second": ms(result.perSecond),
    "p50 ms": ms(percentile(result.latencies, 50)),
    "p95 ms": ms(percentile(result.latencies, 95)),
  });
  figures[`example_runs_per_s_c${RUN_CONCURRENCY}`] = ms(result.perSecond);
  figures.example_run_p50_ms = ms(percentile(result.latencies, 50));
}

async function recovery() {
  const result = await benchRecovery();
  rows.push(result.row);
  figures.recovery_seconds = Math.round(result.seconds * 10) / 10;
}

const collect = (scenario: () => Promise<{ rows: BenchRow[]; figures: Record<string, number> }>) => async () => {
  const result = await scenario();
  rows.push(...result.rows);
  Object.assign(figures, result.figures);
};

const scenarios: Record<string, () => Promise<void>> = {
  example: exampleRuns,
  gateway: collect(() => benchGateway(stack.url, sharedRedis(), CALLS)),
  mcp: async () => void rows.push(...(await benchMcp(stack.url))),
  simple: collect(() => benchSimpleRuns(stack)),
  cluster: collect(() => benchCluster()),
  "first-event": collect(() => benchFirstEvent(stack)),
  compiler: collect(() => benchCompiler()),
  agent: collect(() => benchAgentRun(stack)),
  branches: collect(() => benchParallelBranches(stack)),
  webhook: collect(() => benchWebhookTransform(stack)),
  memory: collect(() => benchWorkerMemory(stack)),
  suspended: collect(() => benchSuspendedRuns(stack)),
  "waiting-agents": collect(() => benchWaitingAgentsAlone()),
  recovery,
  "npm-start": collect(() => benchNpmStart()),
  containment: collect(() => benchContainment()),
  knowledge: collect(() => benchKnowledgeSearch()),
};
const chosen = process.argv.slice(2);
for (const name of chosen)
  if (!(name in scenarios))
    throw new Error(`Unknown bench scenario "${name}"; known: ${Object.keys(scenarios).join(", ")}`);

try {
  for (const name of chosen.length > 0 ? chosen : Object.keys(scenarios)) {
    const before = rows.length;
    await scenarios[name]();
    // Each row is taken with the machine's load beside it, and bench-results.json keeps the 1-minute load per scenario.
    rows.splice(before, rows.length - before, ...rows.slice(before).map(withLoad));
    figures[`load_1m_${name.replace(/\W+/g, "_")}`] = ms(loadavg()[0]);
  }
} finally {
  await stack.close();
  sharedRedis().disconnect();
}
console.table(rows);
// A partial run (named scenarios) updates its figures and keeps the others.
const previous =
  chosen.length > 0 && existsSync("bench-results.json")
    ? (JSON.parse(readFileSync("bench-results.json", "utf8")) as Record<string, number>)
    : {};
writeFileSync("bench-results.json", JSON.stringify({ ...previous, ...figures }, null, 2) + "\n");
console.log("Figures written to bench-results.json");
process.exit(0);
