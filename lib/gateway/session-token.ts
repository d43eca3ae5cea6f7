/** Session tokens: what an agent presents to the gateway, scoped to one run and the tool nodes wired to it. */
import { SignJWT, jwtVerify } from "jose";
import { z } from "zod";
import { signingSecret } from "../platform/secret";

const AUDIENCE = "switchboard-gateway";

export const SessionClaims = z.object({
  runId: z.string(),
  agentNodeId: z.string(),
  allowedNodeIds: z.array(z.string()),
  /** The agent's allow-list of exposed tool names; absent or ["*"] means every wired tool. */
  allowedTools: z.array(z.string()).optional(),
  /** Extra names for exposed tools (alias → exposed name, e.g. "read" → "files__read_file"). */
  toolAliases: z.record(z.string(), z.string()).optional(),
  /**
   * Who holds the token: a Switchboard node's own client ("agent", the default) or an External Agent's outside client.
   */
  caller: z.enum(["agent", "external"]).optional(),
});
export type SessionClaims = z.infer<typeof SessionClaims>;

/**
 * The signing secret as a Web Crypto key, imported once: given the raw bytes, jose imports them
 * again for every token it signs or checks, one more trip through the crypto thread pool each time.
 */
const keyHolder = globalThis as unknown as { switchboardTokenKey?: Promise<CryptoKey> };
const tokenKey = () =>
  (keyHolder.switchboardTokenKey ??= crypto.subtle.importKey(
    "raw",
    signingSecret(),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign", "verify"],
  ));

export async function createSessionToken(claims: SessionClaims, ttlSeconds = 60 * 60): Promise<string> {
  return new SignJWT({ ...claims })
    .setProtectedHeader({ alg: "HS256" })
    .setIssuedAt()
    .setAudience(AUDIENCE)
    .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
    .sign(await tokenKey());
}

/**
 * Tokens already verified, until they expire: an agent presents the same token on every call, and
 * a token's signature and claims cannot change. On globalThis so every Next bundle shares it.
 */
const MAX_REMEMBERED = 5_000;
const holder = globalThis as unknown as {
  switchboardVerifiedTokens?: Map<string, { claims: SessionClaims; expiresAt: number }>;
};
const verified = (holder.switchboardVerifiedTokens ??= new Map());

/**
 * Returns the claims, or null for a missing, forged, expired, exp-less or malformed token. (Whether its run still runs
 * is the gateway's next question.)
 */
export async function verifySessionToken(token: string): Promise<SessionClaims | null> {
  const known = verified.get(token);
  if (known && known.expiresAt > Date.now()) return known.claims;
  if (known) verified.delete(token);
  try {
    const { payload } = await jwtVerify(token, await tokenKey(), {
      audience: AUDIENCE,
      algorithms: ["HS256"],
      requiredClaims: ["exp"],
    });
    const parsed = SessionClaims.safeParse(payload);
    if (!parsed.success) return null;
    if (verified.size >= MAX_REMEMBERED) verified.delete(verified.keys().next().value!);
    verified.set(token, { claims: parsed.data, expiresAt: payload.exp! * 1000 });
    return parsed.data;
  } catch {
    return null;
  }
}
