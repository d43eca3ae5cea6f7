/**
 * Who is calling: a signed-in user (session cookie) or a script (API key in `Authorization: Bearer`
 * or `x-api-key`), with the role it acts with and, for a key limited to some workflows, which
 * (lib/auth/workflow-scope.ts). Every page, route, action and stream asks here.
 */
import "server-only";
import { getSessionCookie } from "better-auth/cookies";
import { getDb } from "../db/client";
import { COOKIE_PREFIX, getAuth } from "./auth";
import { verifyOnce } from "./verified-credentials";
import { hasRole, isRole, type Role } from "./roles";
import { folderIdsOf, workflowIdsOf } from "./workflow-scope";

/** `workflowIds` / `folderIds` are null unless an API key limited to some workflows / a folder is calling. */
export type Principal = {
  userId: string;
  email: string;
  name: string;
  role: Role;
  via: "session" | "api-key";
  workflowIds: string[] | null;
  folderIds: string[] | null;
};

export type AccessFailure = "unauthenticated" | "forbidden";

/**
 * Thrown when the caller has no credentials (401) or too small a role (403); routes and actions turn it into an answer.
 */
export class AccessError extends Error {
  constructor(
    readonly failure: AccessFailure,
    message: string,
  ) {
    super(message);
  }

  get status(): 401 | 403 {
    return this.failure === "unauthenticated" ? 401 : 403;
  }
}

/** The API key a request carries, if any. */
export function apiKeyOf(headers: Headers): string | null {
  const fromHeader = headers.get("x-api-key")?.trim();
  if (fromHeader) return fromHeader;
  return headers.get("authorization")?.match(/^Bearer\s+(\S+)\s*$/i)?.[1] ?? null;
}

function fromApiKey(key: string): Promise<Principal | null> {
  return verifyOnce(key, () => verifyApiKey(key));
}

async function verifyApiKey(key: string): Promise<Principal | null> {
  const result = await getAuth().api.verifyApiKey({ body: { key } });
  const userId = result.valid ? result.key?.referenceId : undefined;
  if (!userId) return null;
  const user = await getDb().user.findUnique({
    where: { id: userId },
    select: { id: true, email: true, name: true, role: true },
  });
  return (
    user && {
      userId: user.id,
      email: user.email,
      name: user.name,
      role: user.role,
      via: "api-key",
      workflowIds: workflowIdsOf(result.key?.permissions),
      folderIds: folderIdsOf(result.key?.permissions),
    }
  );
}

/** The credential a signed-in browser presents: its session cookie (null when it sends none). */
export function sessionCredential(headers: Headers): string | null {
  const token = getSessionCookie(headers, { cookiePrefix: COOKIE_PREFIX });
  return token ? `session:${token}` : null;
}

function fromSession(headers: Headers): Promise<Principal | null> {
  const credential = sessionCredential(headers);
  return credential ? verifyOnce(credential, () => verifySession(headers)) : Promise.resolve(null);
}

async function verifySession(headers: Headers): Promise<Principal | null> {
  const session = await getAuth().api.getSession({ headers });
  if (!session) return null;
  const { user } = session;
  return {
    userId: user.id,
    email: user.email,
    name: user.name,
    role: isRole(user.role) ? user.role : "viewer",
    via: "session",
    workflowIds: null,
    folderIds: null,
  };
}

/** The caller, or null. A request that presents an API key is judged by the key alone. */
export async function authenticate(headers: Headers): Promise<Principal | null> {
  const key = apiKeyOf(headers);
  return key ? fromApiKey(key) : fromSession(headers);
}

/** The caller if it holds at least `role`; otherwise an AccessError saying what is missing. */
export async function requireRole(headers: Headers, role: Role): Promise<Principal> {
  const principal = await authenticate(headers);
  if (!principal) throw new AccessError("unauthenticated", "Sign in or send an API key (Authorization: Bearer KEY)");
  if (!hasRole(principal.role, role))
    throw new AccessError(
      "forbidden",
      `This needs the ${role} role; you are ${principal.role === "admin" ? "an" : "a"} ${principal.role}`,
    );
  return principal;
}
