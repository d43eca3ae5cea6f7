/**
 * Secrets at rest: AES-256-GCM with a random 96-bit IV per value and the secret's name as
 * additional authenticated data, so a value copied onto another name fails to decrypt.
 * The key is SWITCHBOARD_SECRET_KEY (32 bytes, as 64 hex characters or base64), else one
 * generated once into `.data/secret-key` so web app and workers on one machine agree.
 */
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { dataDir } from "../platform/data-dir";

const ALGORITHM = "aes-256-gcm";
const KEY_BYTES = 32;
const IV_BYTES = 12;
const VERSION = "v1";

export class SecretKeyError extends Error {}

/** Reads a 32-byte key written as 64 hex characters or as base64 / base64url. */
export function parseSecretKey(text: string): Buffer {
  const trimmed = text.trim();
  const key = /^[0-9a-f]{64}$/i.test(trimmed) ? Buffer.from(trimmed, "hex") : Buffer.from(trimmed, "base64");
  if (key.length !== KEY_BYTES) {
    throw new SecretKeyError(
      `SWITCHBOARD_SECRET_KEY must be ${KEY_BYTES} bytes, written as 64 hex characters or base64 (e.g. \`openssl ` +
        `rand -hex 32\`)`,
    );
  }
  return key;
}

let cached: Buffer | undefined;

export function secretKey(): Buffer {
  if (cached) return cached;
  const fromEnv = process.env.SWITCHBOARD_SECRET_KEY;
  if (fromEnv) return (cached = parseSecretKey(fromEnv));
  const file = path.join(dataDir(), "secret-key");
  try {
    return (cached = parseSecretKey(readFileSync(file, "utf8")));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  try {
    // `wx` fails if another process won the race; then read what it wrote.
    writeFileSync(file, randomBytes(KEY_BYTES).toString("hex"), { flag: "wx", mode: 0o600 });
  } catch {
    /* written by another process */
  }
  return (cached = parseSecretKey(readFileSync(file, "utf8")));
}

export function encryptSecret(name: string, plaintext: string, key: Buffer = secretKey()): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, key, iv).setAAD(Buffer.from(name, "utf8"));
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), ciphertext]
    .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
    .join(".");
}

/** Throws when the value was encrypted under another key or name, or has been tampered with. */
export function decryptSecret(name: string, encrypted: string, key: Buffer = secretKey()): string {
  const [version, iv, tag, ciphertext] = encrypted.split(".");
  if (version !== VERSION || iv === undefined || tag === undefined || ciphertext === undefined) {
    throw new SecretKeyError(`Secret "${name}" is stored in an unknown format`);
  }
  const decipher = createDecipheriv(ALGORITHM, key, Buffer.from(iv, "base64url")).setAAD(Buffer.from(name, "utf8"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  try {
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    throw new SecretKeyError(
      `Secret "${name}" cannot be decrypted: SWITCHBOARD_SECRET_KEY (or .data/secret-key) is not the key it was ` +
        `saved with`,
    );
  }
}
