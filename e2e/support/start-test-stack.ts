/**
 * Playwright's web server: a fresh `switchboard_e2e` database, a production build if there is
 * none yet, then `next start` on 127.0.0.1:3210 and one worker. Both are stopped with us.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import { Redis } from "ioredis";
import pg from "pg";
import { applyMigrations } from "../../lib/platform/migrate";

const HOST = "127.0.0.1";
const PORT = "3210";
const DATABASE = "switchboard_e2e";
/** Trust auth lets in `root` on most dev machines and `postgres` on stock images: whichever answers first. */
const ROLES = ["root", "postgres"];
// A Redis db of its own (integration tests use 15, the benchmark 13): a dev worker on db 0 must not take our jobs.
const REDIS_URL = process.env.E2E_REDIS_URL ?? "redis://127.0.0.1:6379/14";

const bin = (name: string) => path.join(process.cwd(), "node_modules", ".bin", name);
const children = new Set<ChildProcess>();
let stopping = false;

process.on("SIGTERM", () => stop(0));
process.on("SIGINT", () => stop(0));
process.on("exit", killChildren);

try {
  const databaseUrl = await prepareDatabase();
  await clearRedis();
  const env = { ...process.env, DATABASE_URL: databaseUrl, REDIS_URL, HOST, PORT, NEXT_TELEMETRY_DISABLED: "1" };
  if (!existsSync(path.join(".next", "BUILD_ID")) || process.env.SWITCHBOARD_REBUILD === "1") {
    console.log("e2e: building the web app (next build)…");
    const code = await exitCode(start("build", bin("next"), ["build"], env));
    if (code !== 0) throw new Error(`next build failed (exit code ${code})`);
  }
  for (const [name, child] of [
    ["web", start("web", bin("next"), ["start", "-H", HOST, "-p", PORT], env)],
    ["worker", start("worker", bin("tsx"), ["--conditions=react-server", path.join("workers", "main.ts")], env)],
  ] as const) {
    child.once("exit", (code, signal) => {
      if (stopping) return;
      console.error(`e2e: ${name} exited (${signal ?? `code ${code}`}); stopping the test stack`);
      stop(1);
    });
  }
} catch (error) {
  console.error(`e2e: ${error instanceof Error ? error.message : String(error)}`);
  stop(1);
}

async function prepareDatabase(): Promise<string> {
  const failures: string[] = [];
  for (const role of ROLES) {
    const admin = new pg.Client({ connectionString: `postgresql://${role}@${HOST}:5432/postgres` });
    try {
      await admin.connect();
    } catch (error) {
      failures.push(`${role}: ${error instanceof Error ? error.message : String(error)}`);
      continue;
    }
    try {
      await admin.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${DATABASE}`);
    } finally {
      await admin.end();
    }
    const url = `postgresql://${role}@${HOST}:5432/${DATABASE}`;
    console.log(`e2e: fresh database ${url}; migrating…`);
    await applyMigrations(url);
    return url;
  }
  throw new Error(`Cannot reach PostgreSQL at ${HOST}:5432 with trust auth (${failures.join("; ")})`);
}

/** Queues, registries and event streams left by an earlier run would only confuse this one. */
async function clearRedis() {
  const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1, lazyConnect: true });
  try {
    await redis.connect();
    await redis.flushdb();
  } catch (error) {
    throw new Error(`Redis at ${REDIS_URL} did not answer: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    redis.disconnect();
  }
}

/** In our own process group, so Playwright stopping the group stops these too; output lines are prefixed. */
function start(name: string, command: string, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(command, args, { env, stdio: ["ignore", "pipe", "pipe"] });
  children.add(child);
  child.once("exit", () => children.delete(child));
  createInterface({ input: child.stdout! }).on("line", (line) => console.log(`[${name}] ${line}`));
  createInterface({ input: child.stderr! }).on("line", (line) => console.error(`[${name}] ${line}`));
  return child;
}

function exitCode(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => child.once("exit", (code) => resolve(code)));
}

function killChildren() {
  for (const child of children) child.kill("SIGKILL");
}

function stop(code: number) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill("SIGTERM");
  // Give the worker a moment to close its BullMQ connections, then make sure.
  setTimeout(() => process.exit(code), 3000).unref();
  Promise.all([...children].map(exitCode)).then(() => process.exit(code));
}
