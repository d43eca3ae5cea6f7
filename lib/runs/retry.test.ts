import { describe, expect, it } from "vitest";
import { HttpStatusError, parseRetryAfter } from "../net/http-status-error";
import { MAX_RETRY_WAIT_MS } from "../workflow/constants";
import { retryWait, withRetries, type RetryNotice } from "./retry";

const never = new AbortController().signal;

describe("retryWait", () => {
  it("waits waitMs, doubled per try when exponential, never past the cap", () => {
    expect(
      [1, 2, 3].map((attempt) => retryWait({ maxTries: 4, waitMs: 100, backoff: "fixed" }, attempt, new Error("x"))),
    ).toEqual([100, 100, 100]);
    expect(
      [1, 2, 3].map((attempt) =>
        retryWait({ maxTries: 4, waitMs: 100, backoff: "exponential" }, attempt, new Error("x")),
      ),
    ).toEqual([100, 200, 400]);
    expect(retryWait({ maxTries: 10, waitMs: 200_000, backoff: "exponential" }, 5, new Error("x"))).toBe(
      MAX_RETRY_WAIT_MS,
    );
  });

  it("honours Retry-After on 429 and 503 only, when it asks for longer, up to the cap", () => {
    const retry = { maxTries: 3, waitMs: 10, backoff: "fixed" as const };
    expect(retryWait(retry, 1, new HttpStatusError("slow", 429, 2000))).toBe(2000);
    expect(retryWait(retry, 1, new HttpStatusError("down", 503, 3_600_000))).toBe(MAX_RETRY_WAIT_MS);
    expect(retryWait(retry, 1, new HttpStatusError("bad", 400, 2000))).toBe(10);
    expect(retryWait({ ...retry, waitMs: 5000 }, 1, new HttpStatusError("slow", 429, 1000))).toBe(5000);
  });

  it("reads Retry-After as seconds or as an HTTP date", () => {
    expect(parseRetryAfter("3")).toBe(3000);
    expect(parseRetryAfter(new Date(10_000).toUTCString(), 4_000)).toBe(6000);
    expect(parseRetryAfter("soon")).toBeUndefined();
    expect(parseRetryAfter(null)).toBeUndefined();
  });
});

describe("withRetries", () => {
  it("tries until success, telling onRetry about each coming try", async () => {
    const notices: RetryNotice[] = [];
    let tries = 0;
    const result = await withRetries(
      { maxTries: 3, waitMs: 1, backoff: "fixed" },
      async () => (++tries < 3 ? Promise.reject(new Error(`no ${tries}`)) : "yes"),
      { signal: never, onRetry: (n) => void notices.push(n) },
    );
    expect(result).toBe("yes");
    expect(notices).toEqual([
      { attempt: 2, error: "no 1", waitMs: 1 },
      { attempt: 3, error: "no 2", waitMs: 1 },
    ]);
  });

  it("throws the last error when the tries run out, and tries once without a setting", async () => {
    let tries = 0;
    await expect(
      withRetries(
        { maxTries: 2, waitMs: 0, backoff: "fixed" },
        async () => Promise.reject(new Error(`no ${++tries}`)),
        { signal: never, onRetry: () => undefined },
      ),
    ).rejects.toThrow("no 2");
    await expect(
      withRetries(undefined, async () => Promise.reject(new Error(`no ${++tries}`)), {
        signal: never,
        onRetry: () => undefined,
      }),
    ).rejects.toThrow("no 3");
  });

  it("stops waiting at once when the signal aborts", async () => {
    const controller = new AbortController();
    const started = Date.now();
    const trying = withRetries(
      { maxTries: 3, waitMs: 60_000, backoff: "fixed" },
      async () => Promise.reject(new Error("no")),
      { signal: controller.signal, onRetry: () => void setTimeout(() => controller.abort(new Error("cancelled")), 20) },
    );
    await expect(trying).rejects.toThrow("cancelled");
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
