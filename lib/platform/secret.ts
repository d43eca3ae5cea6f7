/**
 * The instance secret: SWITCHBOARD_SECRET, else one generated once and kept in .data/ so web and
 * worker agree. Each use gets its own key derived with HKDF: gateway session tokens sign with one,
 * better-auth (session cookies) with another, so neither can be replayed as the other.
 */
import { hkdfSync, randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

let master: string | undefined;

function masterSecret(): string {
  if (master) return master;
  const fromEnv = process.env.SWITCHBOARD_SECRET;
  if (fromEnv) {
    if (fromEnv.length < 32) throw new Error("SWITCHBOARD_SECRET must be at least 32 characters long");
    return (master = fromEnv);
  }
  const dir = path.join(process.cwd(), ".data");
  const file = path.join(dir, "secret");
  try {
    return (master = readFileSync(file, "utf8").trim());
  } catch {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const generated = randomBytes(32).toString("hex");
    try {
      // `wx` fails if another process won the race; then read what it wrote.
      writeFileSync(file, generated, { flag: "wx", mode: 0o600 });
      return (master = generated);
    } catch {
      return (master = readFileSync(file, "utf8").trim());
    }
  }
}

function derive(purpose: string): Buffer {
  return Buffer.from(hkdfSync("sha256", masterSecret(), "switchboard", purpose, 32));
}

let gatewayKey: Uint8Array<ArrayBuffer> | undefined;

/** Signs the gateway's run-scoped session tokens (HS256). */
export function signingSecret(): Uint8Array<ArrayBuffer> {
  gatewayKey ??= new Uint8Array(derive("gateway session tokens"));
  return gatewayKey;
}

/** better-auth's secret: signs session cookies and encrypts what it keeps. */
export function accountsSecret(): string {
  return derive("accounts").toString("hex");
}

let resumeKey: Buffer | undefined;

/** Signs the one-time resume URLs of waiting runs (lib/runs/resume-link.ts). */
export function resumeLinkSecret(): Buffer {
  resumeKey ??= derive("resume links");
  return resumeKey;
}

let visitorKey: Uint8Array<ArrayBuffer> | undefined;

/** Signs public chat visitors' tokens (lib/public-chat/visitor-token.ts), apart from every other key. */
export function publicChatSecret(): Uint8Array<ArrayBuffer> {
  visitorKey ??= new Uint8Array(derive("public chat visitors"));
  return visitorKey;
}
