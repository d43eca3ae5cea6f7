/**
 * A public chat visitor's token: who they are (a random visitor id) for one chat, and — when the chat asks an access
 * code — a tag of the code they gave, so changing the code sends every visitor back to the code form. Signed with
 * jose (HS256) under a key of its own (derived from the app secret); the page keeps it in its own storage and sends
 * it as a Bearer token, which works in a third-party iframe where cookies often do not.
 */
import { createHash, randomUUID } from "node:crypto";
import { SignJWT, jwtVerify } from "jose";
import { z } from "zod";
import { publicChatSecret } from "../platform/secret";

const AUDIENCE = "switchboard-public-chat";
const TTL_SECONDS = 30 * 24 * 60 * 60;

const VisitorClaims = z.object({ chat: z.string(), visitor: z.string(), code: z.string().optional() });
export type VisitorClaims = z.infer<typeof VisitorClaims>;

/** A short tag of the access code's hash: it names which code a token was given under, and reveals nothing of it. */
export const accessCodeTag = (accessCodeHash: string | null) =>
  accessCodeHash === null ? undefined : createHash("sha256").update(accessCodeHash).digest("base64url").slice(0, 16);

export async function createVisitorToken(publicId: string, accessCodeHash: string | null): Promise<string> {
  const claims: VisitorClaims = { chat: publicId, visitor: randomUUID(), code: accessCodeTag(accessCodeHash) };
  return new SignJWT({ ...claims })
    .setProtectedHeader({ alg: "HS256" })
    .setIssuedAt()
    .setAudience(AUDIENCE)
    .setExpirationTime(Math.floor(Date.now() / 1000) + TTL_SECONDS)
    .sign(publicChatSecret());
}

/** The claims of a good token for this chat, else null (missing, forged, expired, another chat's). */
export async function verifyVisitorToken(token: string, publicId: string): Promise<VisitorClaims | null> {
  try {
    const { payload } = await jwtVerify(token, publicChatSecret(), { audience: AUDIENCE, algorithms: ["HS256"] });
    const claims = VisitorClaims.safeParse(payload);
    return claims.success && claims.data.chat === publicId ? claims.data : null;
  } catch {
    return null;
  }
}

/** The Bearer token of a request, if it sent one. */
export function bearerToken(headers: Headers): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(headers.get("authorization") ?? "");
  return match ? match[1] : null;
}
