/**
 * Credential verifications are shared: many requests with one key or session at once cost one verification; a refusal
 * or an error is not remembered; one credential or all can be forgotten.
 */
import { describe, expect, it } from "vitest";
import { forgetVerified, verifyOnce } from "./verified-credentials";

function countingVerifier<T>(answer: () => Promise<T | null>) {
  let calls = 0;
  return { verify: () => (calls++, answer()), calls: () => calls };
}

describe("verifyOnce", () => {
  it("verifies a key once for many requests arriving together, and then remembers it", async () => {
    let release!: (value: { user: string }) => void;
    const verifier = countingVerifier(() => new Promise<{ user: string }>((resolve) => (release = resolve)));
    const together = Array.from({ length: 32 }, () => verifyOnce("key-together", verifier.verify));
    release({ user: "u1" });
    expect(await Promise.all(together)).toEqual(Array(32).fill({ user: "u1" }));
    expect(await verifyOnce("key-together", verifier.verify)).toEqual({ user: "u1" });
    expect(verifier.calls()).toBe(1);
  });

  it("does not remember a refused key or a failed verification", async () => {
    const refused = countingVerifier(async () => null);
    expect(await verifyOnce("key-refused", refused.verify)).toBeNull();
    expect(await verifyOnce("key-refused", refused.verify)).toBeNull();
    expect(refused.calls()).toBe(2);

    const failing = countingVerifier<string>(async () => Promise.reject(new Error("database down")));
    await expect(verifyOnce("key-failing", failing.verify)).rejects.toThrow("database down");
    await expect(verifyOnce("key-failing", failing.verify)).rejects.toThrow("database down");
    expect(failing.calls()).toBe(2);
  });

  it("forgets every key at once (a revoke or a role change)", async () => {
    const verifier = countingVerifier(async () => "principal");
    await verifyOnce("key-forgotten", verifier.verify);
    forgetVerified();
    await verifyOnce("key-forgotten", verifier.verify);
    expect(verifier.calls()).toBe(2);
  });

  it("forgets one credential (a sign-out) and keeps the others", async () => {
    const verifier = countingVerifier(async () => "principal");
    await verifyOnce("session:signed-out", verifier.verify);
    await verifyOnce("session:still-in", verifier.verify);
    forgetVerified("session:signed-out");
    await verifyOnce("session:signed-out", verifier.verify);
    await verifyOnce("session:still-in", verifier.verify);
    expect(verifier.calls()).toBe(3);
  });
});
