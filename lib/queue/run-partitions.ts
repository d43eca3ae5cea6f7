/**
 * The `runs` queue's partitions. A BullMQ queue lives in one Redis slot, so on a Redis Cluster one queue caps the run
 * rate at what one node's slot can take however many workers there are; split into N queues (`runs-0` … `runs-N-1`),
 * each on its own slot, the rate grows with the cluster. A run's partition is a hash of its id, so anyone can find its
 * job; every worker serves every partition. SWITCHBOARD_RUN_PARTITIONS sets N: 1 (the single queue `runs`) on one
 * server, 8 on a cluster unless set.
 */
import { isRedisCluster } from "./redis";

const CLUSTER_DEFAULT_PARTITIONS = 8;

export function runPartitionCount(): number {
  const set = process.env.SWITCHBOARD_RUN_PARTITIONS;
  if (!set) return isRedisCluster() ? CLUSTER_DEFAULT_PARTITIONS : 1;
  const count = Number(set);
  if (!Number.isInteger(count) || count < 1 || count > 256)
    throw new Error(`SWITCHBOARD_RUN_PARTITIONS must be a whole number from 1 to 256, got "${set}"`);
  return count;
}

/** The partitions' queue names: `runs` alone, or `runs-0`, `runs-1`, … */
export function runQueueNames(): string[] {
  const count = runPartitionCount();
  return count === 1 ? ["runs"] : Array.from({ length: count }, (_, index) => `runs-${index}`);
}

/** The partition of a run (FNV-1a of its id, modulo the count): the same for every process with the same count. */
export function runPartitionOf(runId: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < runId.length; index++) {
    hash ^= runId.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % runPartitionCount();
}
