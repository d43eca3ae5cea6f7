/**
 * The "recovery" scenario: runs in flight on two real worker processes, one of them SIGKILLed; how
 * long until every run that worker held has ended or been resumed by the other (target ≤ 30 s with
 * the default 15 s lease; printed, not asserted).
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { BenchRow } from "./measure";

const RUNS = Number(process.env.BENCH_RECOVERY_RUNS ?? 12);

export async function benchRecovery(): Promise<{ row: BenchRow; seconds: number }> {
  const { getDb } = await import("../../lib/db/client");
  const { createWorkflow } = await import("../../lib/workflow-store/repository");
  const { startRun } = await import("../../lib/runs/start-run");
  const { startWorkerProcess } = await import("../../lib/testing/worker-process");
  const { graphEdge, graphNode } = await import("../../lib/testing/fixtures");

  const slow = createServer((_req, res) => void setTimeout(() => res.end("slow"), 4_000));
  await new Promise<void>((resolve) => slow.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(slow.address() as AddressInfo).port}/`;
  // The default lease, so the figure is what an operator would see.
  const victimId = `bench-victim-${process.pid}-${Date.now()}`;
  // The victim starts alone, so the runs are its own; the survivor arrives before the crash.
  const workers = [
    startWorkerProcess({ SWITCHBOARD_RUN_LEASE_SECONDS: "15", SWITCHBOARD_WORKER_ID: victimId }, "victim"),
  ];
  try {
    await workers[0].ready;
    const { id } = await createWorkflow("recovery bench", {
      nodes: [graphNode("entry", "core.entry"), graphNode("slow", "core.http.request", { params: { url } })],
      edges: [graphEdge("entry", "output", "slow", "body")],
    });
    const runIds: string[] = [];
    for (let i = 0; i < RUNS; i++) {
      const started = await startRun(id, undefined);
      if (started.ok) runIds.push(started.runId);
    }
    const db = getDb();
    const deadline = Date.now() + 20_000;
    while (
      (await db.run.count({ where: { id: { in: runIds }, status: "running" } })) < Math.min(RUNS, 8) &&
      Date.now() < deadline
    )
      await new Promise((resolve) => setTimeout(resolve, 100));
    workers.push(startWorkerProcess({ SWITCHBOARD_RUN_LEASE_SECONDS: "15" }, "survivor"));
    await workers[1].ready;
    const held = await db.run.findMany({
      where: { id: { in: runIds }, status: "running", leaseOwner: victimId },
      select: { id: true },
    });
    const killedAt = performance.now();
    await workers[0].kill("SIGKILL");
    const affected = held.map((run) => run.id);
    for (;;) {
      const pending = await db.run.count({
        where: { id: { in: affected }, status: "running", OR: [{ leaseOwner: victimId }, { leaseOwner: null }] },
      });
      if (pending === 0 || performance.now() - killedAt > 90_000) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const seconds = (performance.now() - killedAt) / 1000;
    return {
      seconds,
      row: {
        scenario:
          `recovery: ${affected.length} runs of a SIGKILLed worker resumed or ended ` + `(lease 15 s, target ≤ 30 s)`,
        "per second": "",
        "p50 ms": Math.round(seconds * 1000),
        "p95 ms": "",
      },
    };
  } finally {
    await Promise.all(workers.map((worker) => worker.kill()));
    slow.close();
  }
}
