/**
 * Simple runs on the scale-out setting — a real three-master Redis Cluster and PostgreSQL through PgBouncer in
 * transaction mode — beside the single-node `simple` figure. Measured in a process of its own (cluster-process.ts),
 * because a process's connections follow the environment it started with.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { createInterface } from "node:readline";
import { ms, type BenchRow } from "./measure";

type ClusterResult = { runs: number; partitions: number; perSecond: number; p50: number; p95: number };

export async function benchCluster(): Promise<{ rows: BenchRow[]; figures: Record<string, number> }> {
  const child = spawn(
    path.join("node_modules", ".bin", "tsx"),
    ["--conditions=react-server", path.join("e2e", "bench", "cluster-process.ts")],
    { env: process.env, stdio: ["ignore", "pipe", "inherit"] },
  );
  let result: ClusterResult | undefined;
  createInterface({ input: child.stdout! }).on("line", (line) => {
    if (line.startsWith("CLUSTER_RESULT ")) result = JSON.parse(line.slice("CLUSTER_RESULT ".length));
  });
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  if (!result) throw new Error(`the cluster bench process ended (code ${code}) without a result`);
  return {
    rows: [
      {
        scenario:
          `simple runs on a 3-master Redis Cluster (${result.partitions} run partitions) through PgBouncer, ` +
          `${result.runs} ×32`,
        "per second": ms(result.perSecond),
        "p50 ms": ms(result.p50),
        "p95 ms": ms(result.p95),
      },
    ],
    figures: { cluster_simple_runs_per_s_c32: ms(result.perSecond), cluster_simple_run_p50_ms: ms(result.p50) },
  };
}
