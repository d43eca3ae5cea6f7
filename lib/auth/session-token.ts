/** Session tokens: what an agent presents to the gateway, scoped to one run and the tool nodes wired to it. */
import { SignJWT, jwtVerify } from "jose";
import { z } from "zod";
import { signingSecret } from "../platform/secret";

const AUDIENCE = "switchboard-gateway";

export const SessionClaims = z.object({
  runId: z.string(),
  agentNodeId: z.string(),
  allowedNodeIds: z.array(z.string()),
});
export type SessionClaims = z.infer<typeof SessionClaims>;

export async function createSessionToken(claims: SessionClaims, ttlSeconds = 60 * 60): Promise<string> {
  return new SignJWT({ ...claims })
    .setProtectedHeader({ alg: "HS256" })
    .setIssuedAt()
    .setAudience(AUDIENCE)
    .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
    .sign(signingSecret());
}

/** Returns the claims, or null for a missing, forged, expired or malformed token. */
export async function verifySessionToken(token: string): Promise<SessionClaims | null> {
  try {
    const { payload } = await jwtVerify(token, signingSecret(), { audience: AUDIENCE, algorithms: ["HS256"] });
    const parsed = SessionClaims.safeParse(payload);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
