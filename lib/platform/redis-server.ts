/**
 * Makes sure Redis answers at REDIS_URL: use a running one, else start a local `redis-server` with its data in
 * `.data/redis`.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { accessSync, constants } from "node:fs";
import path from "node:path";
import { Redis } from "ioredis";
import { dataDir } from "./data-dir";

const LOCAL_HOSTS = new Set(["127.0.0.1", "localhost", "::1", "[::1]"]);

export type LocalRedis = { url: string; stop: () => Promise<void> };

export class RedisUnavailableError extends Error {}

export async function ensureRedis(url = process.env.REDIS_URL ?? "redis://127.0.0.1:6379"): Promise<LocalRedis> {
  // A Redis Cluster (REDIS_CLUSTER_NODES, lib/queue/redis.ts) is run by its operator: never one started here.
  if (process.env.REDIS_CLUSTER_NODES) return { url, stop: async () => {} };
  if (await answersPing(url)) return { url, stop: async () => {} };

  const { hostname, port: portText } = new URL(url);
  const port = Number(portText || 6379);
  const redisServer = findOnPath("redis-server");
  if (!LOCAL_HOSTS.has(hostname) || !redisServer) {
    throw new RedisUnavailableError(
      `Redis does not answer at ${url}.\n` +
        (LOCAL_HOSTS.has(hostname)
          ? "Switchboard starts a local Redis by itself when `redis-server` is installed:\n" +
            "  Debian/Ubuntu: sudo apt-get install redis-server\n" +
            "  macOS:         brew install redis\n" +
            "or set REDIS_URL to a Redis server you run elsewhere."
          : "Start that Redis server, or point REDIS_URL at one that runs."),
    );
  }

  const child = spawn(
    redisServer,
    [
      "--port",
      String(port),
      "--bind",
      hostname.replace(/^\[|\]$/g, ""),
      "--dir",
      dataDir("redis"),
      "--daemonize",
      "no",
    ],
    // Its own process group: a Ctrl+C in the terminal must not stop Redis before the worker has closed.
    { stdio: ["ignore", "pipe", "pipe"], detached: true },
  );
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
  child.stderr!.on("data", (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
  const killOnExit = () => child.kill("SIGKILL");
  process.once("exit", killOnExit);

  const deadline = Date.now() + 10_000;
  while (!(await answersPing(url))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new RedisUnavailableError(`redis-server did not start on port ${port}:\n${output.trim()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  console.log(`Started redis-server on port ${port} (data in .data/redis)`);

  return {
    url,
    stop: async () => {
      process.removeListener("exit", killOnExit);
      await stopChild(child);
    },
  };
}

async function answersPing(url: string): Promise<boolean> {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 1000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  redis.on("error", () => {});
  try {
    await redis.connect();
    return (await redis.ping()) === "PONG";
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

function findOnPath(command: string): string | undefined {
  for (const dir of (process.env.PATH ?? "").split(path.delimiter).filter(Boolean)) {
    const candidate = path.join(dir, command);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {}
  }
  return undefined;
}

/** SIGTERM makes redis-server save and exit; give it a few seconds before forcing it. */
async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
  await exited;
  clearTimeout(timer);
}
