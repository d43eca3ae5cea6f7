/**
 * API key verifications are shared: many requests with one key at once cost one verification; a refusal or an error is
 * not remembered.
 */
import { describe, expect, it } from "vitest";
import { forgetVerifiedKeys, verifyKeyOnce } from "./verified-keys";

function countingVerifier<T>(answer: () => Promise<T | null>) {
  let calls = 0;
  return { verify: () => (calls++, answer()), calls: () => calls };
}

describe("verifyKeyOnce", () => {
  it("verifies a key once for many requests arriving together, and then remembers it", async () => {
    let release!: (value: { user: string }) => void;
    const verifier = countingVerifier(() => new Promise<{ user: string }>((resolve) => (release = resolve)));
    const together = Array.from({ length: 32 }, () => verifyKeyOnce("key-together", verifier.verify));
    release({ user: "u1" });
    expect(await Promise.all(together)).toEqual(Array(32).fill({ user: "u1" }));
    expect(await verifyKeyOnce("key-together", verifier.verify)).toEqual({ user: "u1" });
    expect(verifier.calls()).toBe(1);
  });

  it("does not remember a refused key or a failed verification", async () => {
    const refused = countingVerifier(async () => null);
    expect(await verifyKeyOnce("key-refused", refused.verify)).toBeNull();
    expect(await verifyKeyOnce("key-refused", refused.verify)).toBeNull();
    expect(refused.calls()).toBe(2);

    const failing = countingVerifier<string>(async () => Promise.reject(new Error("database down")));
    await expect(verifyKeyOnce("key-failing", failing.verify)).rejects.toThrow("database down");
    await expect(verifyKeyOnce("key-failing", failing.verify)).rejects.toThrow("database down");
    expect(failing.calls()).toBe(2);
  });

  it("forgets every key at once (a revoke or a role change)", async () => {
    const verifier = countingVerifier(async () => "principal");
    await verifyKeyOnce("key-forgotten", verifier.verify);
    forgetVerifiedKeys();
    await verifyKeyOnce("key-forgotten", verifier.verify);
    expect(verifier.calls()).toBe(2);
  });
});
