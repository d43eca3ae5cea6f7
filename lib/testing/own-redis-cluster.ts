/**
 * A real three-master Redis Cluster of a test's own: three redis-server processes in cluster mode, on free ports, in a
 * temporary folder, joined with `redis-cli --cluster create` and stopped (folder removed) afterwards.
 */
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { freePortPair } from "./free-port";

const run = promisify(execFile);
const BUS_PORT_OFFSET = 10_000;

export type OwnRedisCluster = {
  /** `127.0.0.1:port,…`: what REDIS_CLUSTER_NODES takes. */
  nodes: string;
  ports: number[];
  stop: () => Promise<void>;
};

async function launchNode(port: number, dir: string): Promise<ChildProcess> {
  const child = spawn(
    "redis-server",
    [
      ...["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", dir],
      ...["--cluster-enabled", "yes", "--cluster-config-file", `nodes-${port}.conf`, "--cluster-node-timeout", "5000"],
    ],
    { stdio: "ignore" },
  );
  for (let tries = 0; tries < 100; tries++) {
    const answer = await run("redis-cli", ["-p", String(port), "ping"]).catch(() => undefined);
    if (answer?.stdout.trim() === "PONG") return child;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  child.kill("SIGKILL");
  throw new Error(`redis-server did not start in cluster mode on port ${port}`);
}

/** Waits until every node reports the cluster healthy (all 16384 slots served). */
async function untilClusterOk(ports: number[]): Promise<void> {
  for (let tries = 0; tries < 100; tries++) {
    const states = await Promise.all(
      ports.map((port) => run("redis-cli", ["-p", String(port), "cluster", "info"]).then((out) => out.stdout)),
    );
    if (states.every((state) => state.includes("cluster_state:ok"))) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the Redis Cluster on ports ${ports.join(", ")} did not become healthy`);
}

export async function startOwnRedisCluster(masters = 3): Promise<OwnRedisCluster> {
  const dir = await mkdtemp(path.join(tmpdir(), "switchboard-redis-cluster-"));
  const ports: number[] = [];
  for (let index = 0; index < masters; index++) ports.push(await freePortPair(BUS_PORT_OFFSET));
  const children = await Promise.all(ports.map((port) => launchNode(port, dir)));
  const stop = async () => {
    await Promise.all(
      children.map(async (child) => {
        if (child.exitCode !== null) return;
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGKILL");
        await exited;
      }),
    );
    await rm(dir, { recursive: true, force: true });
  };
  try {
    const addresses = ports.map((port) => `127.0.0.1:${port}`);
    await run("redis-cli", ["--cluster", "create", ...addresses, "--cluster-replicas", "0", "--cluster-yes"]);
    await untilClusterOk(ports);
    return { nodes: addresses.join(","), ports, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
