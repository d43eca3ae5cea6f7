/** The signing secret for session tokens: SWITCHBOARD_SECRET, else one generated once and kept in .data/ so web and worker agree. */
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

let cached: Uint8Array | undefined;

export function signingSecret(): Uint8Array {
  if (cached) return cached;
  const fromEnv = process.env.SWITCHBOARD_SECRET;
  if (fromEnv) {
    if (fromEnv.length < 32) throw new Error("SWITCHBOARD_SECRET must be at least 32 characters long");
    return (cached = new TextEncoder().encode(fromEnv));
  }
  const dir = path.join(process.cwd(), ".data");
  const file = path.join(dir, "secret");
  let secret: string;
  try {
    secret = readFileSync(file, "utf8").trim();
  } catch {
    mkdirSync(dir, { recursive: true });
    secret = randomBytes(32).toString("hex");
    try {
      // `wx` fails if another process won the race; then read what it wrote.
      writeFileSync(file, secret, { flag: "wx", mode: 0o600 });
    } catch {
      secret = readFileSync(file, "utf8").trim();
    }
  }
  return (cached = new TextEncoder().encode(secret));
}
