/**
 * Simple runs against `npm start` as an operator runs it — the web process (workers/web.ts) and the
 * supervised worker as separate processes (workers/start.ts, SWITCHBOARD_WORKERS of them, default 1) — instead of the
 * in-process stack the other scenarios use, beside the same floor; then the agent run (scripted
 * model, 3 tool calls through the gateway), the gateway's tools/call and tools/list, and the
 * worker process's RSS over 10,000 more runs.
 * Shares the bench database (so the bench's completion poller sees the runs) but gets a
 * redis-server of its own on a free port (never one someone else started), so the bench's in-process workers never
 * take its jobs, and its web process listens on a free port. Builds the web app first when there is no build.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { createInterface } from "node:readline";
import { Redis } from "ioredis";
import { apiClient } from "../../lib/testing/api-client";
import { freePort } from "../../lib/testing/free-port";
import { startOwnRedis } from "../../lib/testing/own-redis";
import { createTestAccount } from "../../lib/testing/test-accounts";
import { waitFor } from "../../lib/testing/wait-for";
import { benchSimpleRuns } from "./engine-scenarios";
import { benchGateway } from "./gateway-scenario";
import { benchAgentRun, benchWorkerMemory } from "./workflow-scenarios";
import type { BenchRow } from "./measure";
import { processCpu } from "./process-cpu";
import { profilingEnvOfChildren, startProfiles } from "./process-profiles";

export async function benchNpmStart(
  workers = Number(process.env.SWITCHBOARD_WORKERS ?? 1),
): Promise<{ rows: BenchRow[]; figures: Record<string, number> }> {
  const redis = await startOwnRedis();
  // A port the system says is free: npm start's web process listens there, or fails and says so (never another's).
  const PORT = await freePort();
  const lines: string[] = [];
  const started = spawn(path.join("node_modules", ".bin", "tsx"), [path.join("workers", "start.ts")], {
    // SWITCHBOARD_URL: this process's in-process stack set its own; npm start's agents must reach npm start's gateway.
    env: {
      ...process.env,
      REDIS_URL: redis.url,
      PORT: String(PORT),
      HOST: "127.0.0.1",
      SWITCHBOARD_URL: `http://127.0.0.1:${PORT}`,
      SWITCHBOARD_WORKERS: String(workers),
      ...profilingEnvOfChildren("npm-start", ["web", "worker"]),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  for (const stream of [started.stdout!, started.stderr!])
    createInterface({ input: stream }).on("line", (line) => lines.push(line));
  const exited = new Promise((resolve) => started.once("exit", resolve));
  try {
    const ready =
      (text: string, count = 1) =>
      () =>
        lines.filter((line) => line.includes(text)).length >= count ? true : undefined;
    await waitFor(
      "npm start to answer (it builds first when there is no build)",
      ready("Switchboard is running"),
      600_000,
      250,
    );
    await waitFor("its workers", ready("worker ready", workers), 60_000, 250);
    const account = await createTestAccount("editor");
    // Fresh processes: a long warm-up, so the figure is the steady state a running server is in, not its JIT.
    const api = apiClient(`http://127.0.0.1:${PORT}`, account.headers);
    const pidsSaying = (ready: RegExp) => lines.flatMap((line) => ready.exec(line)?.[1] ?? []).map(Number);
    const pids = pidsSaying(/worker ready \(pid (\d+)\)/);
    const [pid, webPid] = [pids[0], pidsSaying(/web ready at .* \(pid (\d+)\)/)[0]];
    if (!pid || !webPid) throw new Error("bench: npm start's worker or web process did not say its pid");
    // BENCH_PROFILE=web,worker: CPU profiles of the simple runs' rounds, then of the gateway's calls.
    const profiled = { web: webPid, worker: pid };
    const result = await benchSimpleRuns(api, {
      warmUpRuns: 1000,
      measuring: () => startProfiles(profiled),
      // Only npm start's processes, its own redis-server and the bench database's backends: no other stack's.
      processes: processCpu({
        ...Object.fromEntries(pids.map((workerPid) => [workerPid, "worker"])),
        [redis.pid()]: "redis",
      }),
    });
    const label = `npm start (web + ${workers} worker${workers === 1 ? "" : "s"})`;
    const agent = await benchAgentRun(api);
    const ownRedis = new Redis(redis.url);
    const stopGatewayProfiles = startProfiles(profiled);
    const gateway = await benchGateway(`http://127.0.0.1:${PORT}`, ownRedis, 300, `${label}: `).finally(() => {
      stopGatewayProfiles();
      return ownRedis.quit();
    });
    const memory = await benchWorkerMemory(api, { worker: { pid, label: `npm start's worker (pid ${pid})` } });
    return {
      rows: [
        ...result.rows.map((row, index) => (index === 0 ? { ...row, scenario: `${label}: ${row.scenario}` } : row)),
        ...agent.rows.map((row) => ({ ...row, scenario: `${label}: ${row.scenario}` })),
        ...gateway.rows,
        ...memory.rows,
      ],
      figures: Object.fromEntries(
        Object.entries({ ...result.figures, ...agent.figures, ...gateway.figures, ...memory.figures })
          // the driver's own CPU: the runs' is in the per-process figures
          .filter(([name]) => name !== "simple_run_cpu_ms")
          .map(([name, value]) => [`npm_start_${name}`, value]),
      ),
    };
  } catch (error) {
    console.error(lines.slice(-30).join("\n"));
    throw error;
  } finally {
    started.kill("SIGTERM");
    await exited;
    await redis.stop();
  }
}
