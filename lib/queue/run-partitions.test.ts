import { afterEach, describe, expect, it } from "vitest";
import { runPartitionCount, runPartitionOf, runQueueNames } from "./run-partitions";
import { clusterSeeds } from "./redis";

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
});

describe("the run queue's partitions", () => {
  it("is the one queue `runs` on a single server, as before partitions existed", () => {
    delete process.env.REDIS_CLUSTER_NODES;
    delete process.env.SWITCHBOARD_RUN_PARTITIONS;
    expect(runQueueNames()).toEqual(["runs"]);
    expect(runPartitionOf("any-run")).toBe(0);
  });

  it("splits into 8 on a cluster unless told otherwise, and spreads runs over all of them", () => {
    process.env.REDIS_CLUSTER_NODES = "127.0.0.1:7000";
    delete process.env.SWITCHBOARD_RUN_PARTITIONS;
    expect(runQueueNames()).toEqual(["runs-0", "runs-1", "runs-2", "runs-3", "runs-4", "runs-5", "runs-6", "runs-7"]);
    const counts = new Array(8).fill(0);
    for (let index = 0; index < 8000; index++) counts[runPartitionOf(crypto.randomUUID())]++;
    for (const count of counts) expect(count).toBeGreaterThan(800); // ~1000 each
    const runId = "0b9a1f9e-1b0c-4a53-9a8e-0c4f0f1b2c3d";
    expect(runPartitionOf(runId)).toBe(runPartitionOf(runId)); // every process finds the same partition
  });

  it("refuses a partition count that is not a whole number from 1 to 256, naming the setting", () => {
    process.env.SWITCHBOARD_RUN_PARTITIONS = "0";
    expect(() => runPartitionCount()).toThrow(/SWITCHBOARD_RUN_PARTITIONS must be a whole number from 1 to 256/);
    process.env.SWITCHBOARD_RUN_PARTITIONS = "3";
    expect(runQueueNames()).toEqual(["runs-0", "runs-1", "runs-2"]);
  });
});

describe("REDIS_CLUSTER_NODES", () => {
  it("reads host:port seeds and URL seeds with credentials and TLS", () => {
    process.env.REDIS_CLUSTER_NODES = "rediss://app:s%40cret@redis-a:6380, redis-b:6381";
    expect(clusterSeeds()).toEqual({
      nodes: [
        { host: "redis-a", port: 6380 },
        { host: "redis-b", port: 6381 },
      ],
      options: { username: "app", password: "s@cret", tls: {} },
    });
    process.env.REDIS_CLUSTER_NODES = " ";
    expect(clusterSeeds()).toBeUndefined();
  });
});
