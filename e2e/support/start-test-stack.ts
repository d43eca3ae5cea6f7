/**
 * Playwright's web server: a fresh e2e database, a production build of the current code, then
 * the web process npm start runs (workers/web.ts) on 127.0.0.1:3210 and one worker, both stopped with us. Database,
 * Redis db and port come from lib/testing/test-slot.ts (E2E_PORT in the environment overrides the port).
 * E2E_REUSE_BUILD=1 skips the build when one exists (quicker reruns while only the tests change).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import { Redis } from "ioredis";
import { prepareTestDatabase } from "../../lib/db/test-database";
import { E2E_PORT, testDatabaseUrl, testRedisUrl } from "../../lib/testing/test-slot";

const HOST = "127.0.0.1";
// E2E_PORT overrides the slot's port: the editor bench passes a free port the system picked.
const PORT = process.env.E2E_PORT ?? String(E2E_PORT);
// A Redis db of its own: a dev worker on db 0 must not take our jobs.
const REDIS_URL = process.env.E2E_REDIS_URL ?? testRedisUrl("e2e");

const bin = (name: string) => path.join(process.cwd(), "node_modules", ".bin", name);
const children = new Set<ChildProcess>();
let stopping = false;

process.on("SIGTERM", () => stop(0));
process.on("SIGINT", () => stop(0));
process.on("exit", killChildren);

try {
  const databaseUrl = await prepareTestDatabase({ url: process.env.E2E_DATABASE_URL ?? testDatabaseUrl("e2e") });
  await clearRedis();
  const env = { ...process.env, DATABASE_URL: databaseUrl, REDIS_URL, HOST, PORT, NEXT_TELEMETRY_DISABLED: "1" };
  if (process.env.E2E_REUSE_BUILD !== "1" || !existsSync(path.join(".next", "BUILD_ID"))) {
    console.log("e2e: building the web app (next build)…");
    const code = await exitCode(start("build", bin("next"), ["build"], env));
    if (code !== 0) throw new Error(`next build failed (exit code ${code})`);
  }
  for (const [name, child] of [
    ["web", start("web", bin("tsx"), [path.join("workers", "web.ts")], env)],
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
