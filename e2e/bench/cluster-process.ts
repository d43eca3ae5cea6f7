/**
 * The cluster bench's own process (cluster-scenario.ts starts it): a three-master Redis Cluster and PgBouncer in
 * transaction mode of its own, the web routes and workers of one process pointed at them before any connection is
 * made, then simple runs at concurrency 32 through the HTTP API, as the single-node `simple` figure measures them.
 * Prints one `CLUSTER_RESULT {json}` line.
 */
import { prepareTestDatabase } from "../../lib/db/test-database";
import { startOwnPgBouncer } from "../../lib/testing/own-pgbouncer";
import { startOwnRedisCluster } from "../../lib/testing/own-redis-cluster";
import { testDatabaseUrl } from "../../lib/testing/test-slot";
import { percentile } from "./measure";

const RUNS = Number(process.env.BENCH_SIMPLE_RUNS ?? 1000);
const CONCURRENCY = 32;

const cluster = await startOwnRedisCluster();
const pgbouncer = await startOwnPgBouncer(await prepareTestDatabase({ url: `${testDatabaseUrl("bench")}_cluster` }));
process.env.REDIS_CLUSTER_NODES = cluster.nodes;
process.env.DATABASE_URL = pgbouncer.url;
process.env.SWITCHBOARD_HOST_TOOLS = "1";

const { DEFAULT_RUN_CONCURRENCY } = await import("../../lib/runs/start-workers");
const { startTestStack } = await import("../../lib/testing/test-stack");
const { simpleGraph } = await import("./engine-scenarios");
const { driveRuns } = await import("./run-completion");
const { runPartitionCount } = await import("../../lib/queue/run-partitions");

const stack = await startTestStack({ runConcurrency: DEFAULT_RUN_CONCURRENCY });
try {
  const created = await stack.fetch("/api/workflows", { method: "POST", body: JSON.stringify(simpleGraph) });
  const { id } = (await created.json()) as { id: string };
  const start = async () =>
    (
      (await (
        await stack.fetch(`/api/workflows/${id}/runs`, { method: "POST", body: JSON.stringify({ input: "x" }) })
      ).json()) as { runId: string }
    ).runId;
  await driveRuns(50, CONCURRENCY, start); // warm-up: JIT, connection pools, the plan cache
  const result = await driveRuns(RUNS, CONCURRENCY, start);
  const summary = {
    runs: RUNS,
    partitions: runPartitionCount(),
    perSecond: result.perSecond,
    p50: percentile(result.latencies, 50),
    p95: percentile(result.latencies, 95),
  };
  console.log(`CLUSTER_RESULT ${JSON.stringify(summary)}`);
} finally {
  await stack.close();
  await pgbouncer.stop();
  await cluster.stop();
}
process.exit(0);
