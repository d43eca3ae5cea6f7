/**
 * Redis connections. BullMQ workers need `maxRetriesPerRequest: null`; everything else fails fast when Redis is down.
 */
import { Redis, type RedisOptions } from "ioredis";

export function redisUrl(): string {
  return process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
}

/** ioredis reconnects by itself; while Redis is away, say so once every ten seconds instead of on every attempt. */
function logOutages(redis: Redis): Redis {
  let lastLogged = 0;
  redis.on("error", (error) => {
    if (Date.now() - lastLogged < 10_000) return;
    lastLogged = Date.now();
    console.warn(`[redis] ${error.message} (reconnecting)`);
  });
  return redis;
}

export function createRedis(options: RedisOptions = {}): Redis {
  return logOutages(new Redis(redisUrl(), { maxRetriesPerRequest: 3, enableOfflineQueue: true, ...options }));
}

/**
 * For a pub/sub connection: retries forever, and skips ioredis's ready check. ioredis 5 can send
 * that check's INFO after a SUBSCRIBE made right after connecting has put the connection in
 * subscriber mode; Redis refuses it and the SUBSCRIBE fails with "Connection in subscriber mode"
 * (redis/ioredis#2037, seen in CI as a worker's first live-event subscription failing).
 */
export function createSubscriber(): Redis {
  return createRedis({ maxRetriesPerRequest: null, enableReadyCheck: false });
}

/** For BullMQ Workers and QueueEvents, which block on Redis and must retry forever. */
export function createBlockingRedis(): Redis {
  return createRedis({ maxRetriesPerRequest: null });
}

const globalRedis = globalThis as unknown as { switchboardRedis?: Redis };

/** One shared command connection per process (kept on globalThis so Next dev reloads do not leak sockets). */
export function sharedRedis(): Redis {
  globalRedis.switchboardRedis ??= createRedis();
  return globalRedis.switchboardRedis;
}
