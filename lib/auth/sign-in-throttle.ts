/**
 * Password guessing is throttled per account and address, and per address alone: failures are
 * counted in Redis (shared by every web process) with rate-limiter-flexible, each attempt reserving
 * a point before the password is checked, so even concurrent guesses cannot get past the limit. A
 * success clears its account-and-address count and gives the address its point back. Settings:
 * SWITCHBOARD_SIGNIN_MAX_FAILURES (per account and address, 5), SWITCHBOARD_SIGNIN_MAX_FAILURES_PER_ADDRESS
 * (50), SWITCHBOARD_SIGNIN_WINDOW_SECONDS (900: how long failures count) and SWITCHBOARD_SIGNIN_BLOCK_SECONDS
 * (the window: how long a caller past a limit waits).
 */
import "server-only";
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type IRateLimiterStoreOptions,
} from "rate-limiter-flexible";
import { sharedRedis } from "../queue/redis";

export type ThrottleKind = "sign-in" | "invite" | "access-code";
export type Attempter = { account: string; address: string };
export type ThrottleRefusal = { ok: false; status: 429; retryAfterSeconds: number; error: string };

type Limiters = { byAccountAndAddress: RateLimiterRedis; byAddress: RateLimiterRedis };
type Settings = { perAccountAndAddress: number; perAddress: number; windowSeconds: number; blockSeconds: number };

function positive(value: string | undefined, fallback: number): number {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : fallback;
}

export function throttleSettings(env: NodeJS.ProcessEnv = process.env): Settings {
  const windowSeconds = positive(env.SWITCHBOARD_SIGNIN_WINDOW_SECONDS, 900);
  return {
    perAccountAndAddress: positive(env.SWITCHBOARD_SIGNIN_MAX_FAILURES, 5),
    perAddress: positive(env.SWITCHBOARD_SIGNIN_MAX_FAILURES_PER_ADDRESS, 50),
    windowSeconds,
    blockSeconds: positive(env.SWITCHBOARD_SIGNIN_BLOCK_SECONDS, windowSeconds),
  };
}

/**
 * Counted in Redis; while Redis is away, in this process's memory instead (the library's insurance limiter), never not
 * at all.
 */
function limiter(keyPrefix: string, points: number, { windowSeconds, blockSeconds }: Settings): RateLimiterRedis {
  const counting = { keyPrefix, points, duration: windowSeconds, blockDuration: blockSeconds };
  const options: IRateLimiterStoreOptions = { storeClient: sharedRedis(), ...counting };
  return new RateLimiterRedis({ ...options, insuranceLimiter: new RateLimiterMemory(counting) });
}

const cache = new Map<string, Limiters>();

function limitersFor(kind: ThrottleKind, settings: Settings): Limiters {
  const key = `${kind}:${Object.values(settings).join(":")}`;
  let found = cache.get(key);
  if (!found) {
    found = {
      byAccountAndAddress: limiter(`throttle:${kind}:account-address`, settings.perAccountAndAddress, settings),
      byAddress: limiter(`throttle:${kind}:address`, settings.perAddress, settings),
    };
    cache.set(key, found);
  }
  return found;
}

/** Takes a point; the milliseconds until the next is allowed when there was none left. */
async function reserve(limiter: RateLimiterRedis, key: string): Promise<number | null> {
  try {
    await limiter.consume(key);
    return null;
  } catch (refusal) {
    if (refusal instanceof RateLimiterRes) return refusal.msBeforeNext;
    throw refusal;
  }
}

function describeWait(seconds: number): string {
  if (seconds < 90) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  return `${Math.ceil(seconds / 60)} minutes`;
}

function refusal(kind: ThrottleKind, waitMs: number): ThrottleRefusal {
  const retryAfterSeconds = Math.max(1, Math.ceil(waitMs / 1000));
  const what = { "sign-in": "failed sign-ins", invite: "failed invite attempts", "access-code": "wrong access codes" }[
    kind
  ];
  return {
    ok: false,
    status: 429,
    retryAfterSeconds,
    error: `Too many ${what} from this address: try again in ${describeWait(retryAfterSeconds)}`,
  };
}

/** Runs `attempt` unless the account or address has failed too often; its `ok` says whether it counts as a failure. */
export async function throttled<R extends { ok: boolean }>(
  kind: ThrottleKind,
  who: Attempter,
  attempt: () => Promise<R>,
  env: NodeJS.ProcessEnv = process.env,
): Promise<R | ThrottleRefusal> {
  const { byAccountAndAddress, byAddress } = limitersFor(kind, throttleSettings(env));
  const accountKey = `${who.account.trim().toLowerCase()}|${who.address}`;
  const accountWait = await reserve(byAccountAndAddress, accountKey);
  if (accountWait !== null) return refusal(kind, accountWait);
  const addressWait = await reserve(byAddress, who.address);
  if (addressWait !== null) {
    await byAccountAndAddress.reward(accountKey);
    return refusal(kind, addressWait);
  }
  const result = await attempt();
  if (result.ok) await Promise.all([byAccountAndAddress.delete(accountKey), byAddress.reward(who.address)]);
  return result;
}
