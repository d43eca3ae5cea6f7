/** Redis connections. BullMQ workers need `maxRetriesPerRequest: null`; everything else fails fast when Redis is down. */
import { Redis, type RedisOptions } from "ioredis";

export function redisUrl(): string {
  return process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
}

export function createRedis(options: RedisOptions = {}): Redis {
  return new Redis(redisUrl(), { maxRetriesPerRequest: 3, enableOfflineQueue: true, ...options });
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
