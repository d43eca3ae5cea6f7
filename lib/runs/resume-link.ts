/**
 * The one-time resume URL of a node's wait: `/api/resume/{waitId}.{signature}`, the signature an
 * HMAC of the wait's id with a key of its own (lib/platform/secret.ts). Nothing secret is stored:
 * the server can give the URL out again, and only the server can make one. Single use comes from
 * the wait itself (it ends once: run-waits.ts).
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { appBaseUrl } from "../platform/app-url";
import { resumeLinkSecret } from "../platform/secret";

const sign = (waitId: string) =>
  createHmac("sha256", resumeLinkSecret()).update(`resume:${waitId}`).digest("base64url");

export const resumeToken = (waitId: string) => `${waitId}.${sign(waitId)}`;

export const resumeUrl = (waitId: string) => `${appBaseUrl()}/api/resume/${resumeToken(waitId)}`;

/** The page a person opens to decide an Approval step without signing in. */
export const approvalPageUrl = (waitId: string) => `${appBaseUrl()}/resume/${resumeToken(waitId)}`;

/** The wait a token is for, or null when it was not made here. */
export function waitIdOfToken(token: string): string | null {
  const dot = token.lastIndexOf(".");
  if (dot <= 0) return null;
  const waitId = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1));
  const expected = Buffer.from(sign(waitId));
  return given.length === expected.length && timingSafeEqual(given, expected) ? waitId : null;
}
