/**
 * `npm start`: bring up PostgreSQL and Redis (or use the ones given), migrate, build if needed,
 * then run the web app (workers/web.ts) and SWITCHBOARD_WORKERS workers (default 1), each kept alive on its own by
 * the supervisor (lib/platform/supervisor.ts): a crashed process is restarted with backoff and the
 * others go on. Ctrl+C stops them all, workers draining their runs first.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import { startEmbeddedPostgres } from "../lib/platform/embedded-postgres";
import { applyMigrations } from "../lib/platform/migrate";
import { ensureRedis } from "../lib/platform/redis-server";
import { superviseProcess, type Supervised } from "../lib/platform/supervisor";
import { describeSandbox } from "../lib/sandbox/availability";

const host = process.env.HOST ?? "127.0.0.1";
const port = process.env.PORT ?? "3000";
const bin = (name: string) => path.join(process.cwd(), "node_modules", ".bin", name);

const children = new Set<ChildProcess>();
const supervised: Supervised[] = [];
const workerCount = Math.max(1, Number(process.env.SWITCHBOARD_WORKERS ?? 1) || 1);
const graceMs = Number(process.env.SWITCHBOARD_SHUTDOWN_GRACE_MS ?? 20_000);
/** What to stop after the children are gone, last started first. */
const services: { name: string; stop: () => Promise<void> }[] = [];
let shuttingDown = false;

process.on("SIGINT", () => void shutdown(0, "SIGINT")); // `on`: a repeated signal must not kill us mid-shutdown
process.on("SIGTERM", () => void shutdown(0, "SIGTERM"));
process.once("exit", () => {
  children.forEach(killGroup);
  for (const child of supervised) {
    try {
      process.kill(-(child.pid() ?? 0), "SIGKILL");
    } catch {
      // gone already
    }
  }
});

try {
  await main();
} catch (error) {
  console.error(`\n${error instanceof Error ? error.message : String(error)}\n`);
  await shutdown(1);
}

async function main() {
  let databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    console.log("DATABASE_URL is not set: starting the embedded PostgreSQL (data in .data/postgres)…");
    const postgres = await startEmbeddedPostgres();
    services.push({ name: "PostgreSQL", stop: postgres.stop });
    databaseUrl = postgres.url;
  }
  const redis = await ensureRedis();
  services.push({ name: "Redis", stop: redis.stop });
  console.log(`Sandbox: ${await describeSandbox()}`);
  if (shuttingDown) return;

  console.log("Applying database migrations…");
  await applyMigrations(databaseUrl);

  if (!existsSync(path.join(".next", "BUILD_ID")) || process.env.SWITCHBOARD_REBUILD === "1") {
    console.log("Building the web app (next build)…");
    const code = await exitOf(run("build", bin("next"), ["build"], process.env));
    if (shuttingDown) return;
    if (code !== 0) throw new Error(`next build failed (exit code ${code})`);
  }
  if (shuttingDown) return;

  const env = { ...process.env, DATABASE_URL: databaseUrl, REDIS_URL: redis.url, HOST: host, PORT: port };
  supervised.push(superviseProcess({ name: "web", command: bin("tsx"), args: [path.join("workers", "web.ts")], env }));
  for (let i = 1; i <= workerCount; i++) {
    const name = workerCount === 1 ? "worker" : `worker-${i}`;
    supervised.push(
      superviseProcess({
        name,
        command: bin("tsx"),
        args: ["--conditions=react-server", path.join("workers", "main.ts")],
        env,
      }),
    );
  }

  await waitUntilAnswering(`http://${host === "0.0.0.0" ? "127.0.0.1" : host}:${port}/api/health`);
  if (!shuttingDown) console.log(`\nSwitchboard is running at http://${host}:${port}\n`);
}

/** Spawns a child in its own process group (so only we forward signals to it) and prefixes its output lines. */
function run(name: string, command: string, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(command, args, { env, stdio: ["ignore", "pipe", "pipe"], detached: true });
  children.add(child);
  child.once("exit", () => children.delete(child));
  child.once("error", (error) => {
    console.error(`[${name}] could not start ${command}: ${error.message}`);
    void shutdown(1);
  });
  createInterface({ input: child.stdout! }).on("line", (line) => process.stdout.write(`[${name}] ${line}\n`));
  createInterface({ input: child.stderr! }).on("line", (line) => process.stderr.write(`[${name}] ${line}\n`));
  return child;
}

function exitOf(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once("exit", (code) => resolve(code)));
}

/** The child leads its own process group, so this also reaches what it spawned (tsx's node, say). */
function killGroup(child: ChildProcess) {
  try {
    process.kill(-child.pid!, "SIGKILL");
  } catch {}
}

async function waitUntilAnswering(url: string, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (!shuttingDown) {
    try {
      await fetch(url, { signal: AbortSignal.timeout(2000) });
      return; // any HTTP answer means the server is up
    } catch {
      if (Date.now() > deadline) throw new Error(`The web app did not answer at ${url} within ${timeoutMs / 1000} s`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

async function shutdown(code: number, signal?: NodeJS.Signals) {
  if (shuttingDown) return;
  shuttingDown = true;
  if (signal) console.log(`\n${signal} received: stopping Switchboard…`);
  await Promise.all(supervised.map((child) => child.stop(graceMs)));
  await Promise.all(
    [...children].map(async (child) => {
      const exited = exitOf(child);
      child.kill(signal ?? "SIGTERM");
      const force = setTimeout(() => killGroup(child), 10_000);
      await exited;
      clearTimeout(force);
    }),
  );
  for (const service of services.reverse()) {
    await service.stop().catch((error: unknown) => console.error(`Could not stop ${service.name}:`, error));
  }
  console.log("Switchboard stopped.");
  process.exit(code);
}
