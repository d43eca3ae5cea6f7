import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { decryptSecret, encryptSecret, parseSecretKey } from "./encryption";

const key = randomBytes(32);

describe("secret encryption", () => {
  it("round-trips a value, with a fresh IV each time and no plaintext in the stored form", () => {
    const value = "sk-live-ünïcode-😀";
    const first = encryptSecret("API_KEY", value, key);
    const second = encryptSecret("API_KEY", value, key);
    expect(first).not.toEqual(second);
    expect(first).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(first).not.toContain("sk-live");
    expect(decryptSecret("API_KEY", first, key)).toBe(value);
    expect(decryptSecret("API_KEY", encryptSecret("API_KEY", "", key), key)).toBe("");
  });

  it("refuses another key, another name and a tampered value", () => {
    const stored = encryptSecret("API_KEY", "hunter2", key);
    expect(() => decryptSecret("API_KEY", stored, randomBytes(32))).toThrow(/not the key it was saved with/);
    expect(() => decryptSecret("OTHER", stored, key)).toThrow(/cannot be decrypted/);
    const [version, iv, tag, body] = stored.split(".");
    const flipped = Buffer.from(body, "base64url");
    flipped[0] ^= 1;
    expect(() => decryptSecret("API_KEY", [version, iv, tag, flipped.toString("base64url")].join("."), key)).toThrow(
      /cannot be decrypted/,
    );
    expect(() => decryptSecret("API_KEY", "garbage", key)).toThrow(/unknown format/);
  });

  it("reads a key as hex or base64 and rejects a wrong length", () => {
    expect(parseSecretKey(key.toString("hex")).equals(key)).toBe(true);
    expect(parseSecretKey(key.toString("base64")).equals(key)).toBe(true);
    expect(() => parseSecretKey("too-short")).toThrow(/must be 32 bytes/);
  });
});
