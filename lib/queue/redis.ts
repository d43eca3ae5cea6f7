/**
 * Redis connections, single-node or Redis Cluster, made in one place. REDIS_URL names one server; REDIS_CLUSTER_NODES
 * (comma-separated `host:port` or `redis[s]://[user:password@]host:port` seeds) names a cluster and wins over it.
 * BullMQ workers need `maxRetriesPerRequest: null`; everything else fails fast when Redis is down.
 */
import { Cluster, Redis, type ClusterOptions, type RedisOptions } from "ioredis";

/** A connection to one server or to a cluster: the commands Switchboard uses are the same on both. */
export type RedisClient = Redis | Cluster;

export function redisUrl(): string {
  return process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
}

type ClusterSeeds = { nodes: { host: string; port: number }[]; options: RedisOptions };

/** The cluster's seed nodes and the credentials/TLS they share, or undefined on a single server. */
export function clusterSeeds(): ClusterSeeds | undefined {
  const listed = (process.env.REDIS_CLUSTER_NODES ?? "").split(",").map((seed) => seed.trim());
  const urls = listed.filter(Boolean).map((seed) => new URL(seed.includes("://") ? seed : `redis://${seed}`));
  if (urls.length === 0) return undefined;
  const first = urls[0];
  const options: RedisOptions = {
    ...(first.username ? { username: decodeURIComponent(first.username) } : {}),
    ...(first.password ? { password: decodeURIComponent(first.password) } : {}),
    ...(first.protocol === "rediss:" ? { tls: {} } : {}),
  };
  return { nodes: urls.map((url) => ({ host: url.hostname, port: Number(url.port || 6379) })), options };
}

export const isRedisCluster = (): boolean => clusterSeeds() !== undefined;

/** ioredis reconnects by itself; while Redis is away, say so once every ten seconds instead of on every attempt. */
function logOutages<T extends RedisClient>(redis: T): T {
  let lastLogged = 0;
  redis.on("error", (error: Error) => {
    if (Date.now() - lastLogged < 10_000) return;
    lastLogged = Date.now();
    console.warn(`[redis] ${error.message} (reconnecting)`);
  });
  return redis;
}

function createCluster(seeds: ClusterSeeds, redisOptions: RedisOptions, extra: ClusterOptions = {}): Cluster {
  return new Cluster(seeds.nodes, {
    redisOptions: { ...seeds.options, ...redisOptions },
    // A managed cluster's TLS certificates name the hosts it reports, not their addresses.
    ...(seeds.options.tls ? { dnsLookup: (address, lookedUp) => lookedUp(null, address) } : {}),
    enableReadyCheck: redisOptions.enableReadyCheck ?? true,
    enableOfflineQueue: redisOptions.enableOfflineQueue ?? true,
    ...extra,
  });
}

export function createRedis(options: RedisOptions = {}, clusterOptions: ClusterOptions = {}): RedisClient {
  const merged: RedisOptions = { maxRetriesPerRequest: 3, enableOfflineQueue: true, ...options };
  const seeds = clusterSeeds();
  return logOutages(seeds ? createCluster(seeds, merged, clusterOptions) : new Redis(redisUrl(), merged));
}

/**
 * For a pub/sub connection: retries forever, and skips ioredis's ready check. ioredis 5 can send
 * that check's INFO after a SUBSCRIBE made right after connecting has put the connection in
 * subscriber mode; Redis refuses it and the SUBSCRIBE fails with "Connection in subscriber mode"
 * (redis/ioredis#2037, seen in CI as a worker's first live-event subscription failing). On a cluster
 * it keeps one subscriber per master, for sharded pub/sub (pubsub.ts).
 */
export function createSubscriber(): RedisClient {
  return createRedis({ maxRetriesPerRequest: null, enableReadyCheck: false }, { shardedSubscribers: true });
}

/** For BullMQ Workers and QueueEvents, which block on Redis and must retry forever. */
export function createBlockingRedis(): RedisClient {
  return createRedis({ maxRetriesPerRequest: null });
}

const globalRedis = globalThis as unknown as { switchboardRedis?: RedisClient };

/** One shared command connection per process (kept on globalThis so Next dev reloads do not leak sockets). */
export function sharedRedis(): RedisClient {
  globalRedis.switchboardRedis ??= createRedis();
  return globalRedis.switchboardRedis;
}

/**
 * The keys matching `pattern` (SCAN, never KEYS). A cluster's keys are spread over its masters, so each is scanned;
 * keys meant to be listed together share a hash tag, so they also sit on one master and can be read with one MGET.
 */
export async function scanKeys(redis: RedisClient, pattern: string): Promise<string[]> {
  const servers = redis instanceof Cluster ? redis.nodes("master") : [redis];
  const keys: string[] = [];
  for (const server of servers) {
    let cursor = "0";
    do {
      const [next, found] = await server.scan(cursor, "MATCH", pattern, "COUNT", 200);
      keys.push(...found);
      cursor = next;
    } while (cursor !== "0");
  }
  return keys;
}

/**
 * The keys of one run: `run:{runId}:…`. The braces are a hash tag, so on a cluster every key of a run sits in the same
 * slot and the multi-key commands (MULTI, pipelines, MGET) on them work; on one server they change nothing.
 */
export const runKey = (runId: string, rest: string): string => `run:{${runId}}:${rest}`;
