/**
 * Users and invites. The first account is the owner (an admin); everyone after comes in through
 * an invite link an admin made, with the role the invite names. Passwords, sessions and cookies
 * are better-auth's (lib/auth/auth.ts); this file only decides who may get an account.
 */
import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { getDb } from "../db/client";
import { getAuth } from "./auth";
import { forgetVerified } from "./verified-credentials";
import type { Role } from "./roles";

export const INVITE_TTL_DAYS = 7;
const OWNER_CLAIM = "owner-claimed";

export type AccountInput = { email: string; password: string; name: string };
export type AccountResult = { ok: true; userId: string } | { ok: false; error: string };

export async function hasOwner(): Promise<boolean> {
  return (await getDb().user.count()) > 0;
}

function describeAuthError(error: unknown): string {
  const message =
    (error as { body?: { message?: string } })?.body?.message ??
    (error instanceof Error ? error.message : String(error));
  return message.replace(/^\w/, (first) => first.toUpperCase());
}

/**
 * Creates an account through better-auth (its password hashing; a session cookie when called from a server action) and
 * gives it `role`.
 */
export async function createAccount(input: AccountInput, role: Role): Promise<AccountResult> {
  try {
    const created = await getAuth().api.signUpEmail({
      body: { email: input.email.trim().toLowerCase(), password: input.password, name: input.name.trim() },
    });
    await getDb().user.update({ where: { id: created.user.id }, data: { role } });
    return { ok: true, userId: created.user.id };
  } catch (error) {
    return { ok: false, error: describeAuthError(error) };
  }
}

/**
 * The owner account, once: whoever claims the marker first wins, so two racing set-up forms cannot both become owner.
 */
export async function createOwner(input: AccountInput): Promise<AccountResult> {
  if (await hasOwner()) return { ok: false, error: "Switchboard already has an owner: sign in instead" };
  const claimed = await getDb().setting.createMany({
    data: [{ key: OWNER_CLAIM, value: new Date().toISOString() }],
    skipDuplicates: true,
  });
  if (claimed.count === 0) return { ok: false, error: "Switchboard already has an owner: sign in instead" };
  const result = await createAccount(input, "admin");
  if (!result.ok) await getDb().setting.delete({ where: { key: OWNER_CLAIM } });
  return result;
}

/**
 * Headless set-up: SWITCHBOARD_ADMIN_EMAIL + SWITCHBOARD_ADMIN_PASSWORD make the owner when nobody has an account yet.
 */
export async function ensureOwnerFromEnv(env: NodeJS.ProcessEnv = process.env): Promise<string | null> {
  const email = env.SWITCHBOARD_ADMIN_EMAIL;
  const password = env.SWITCHBOARD_ADMIN_PASSWORD;
  if (!email || !password || (await hasOwner())) return null;
  const result = await createOwner({ email, password, name: email.split("@")[0] });
  if (!result.ok) throw new Error(`Could not create the owner from SWITCHBOARD_ADMIN_EMAIL: ${result.error}`);
  return email;
}

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** A one-time invite; the token is returned once (it goes into the link) and only its hash is kept. */
export async function createInvite(createdById: string, role: Role): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(24).toString("base64url");
  const expiresAt = new Date(Date.now() + INVITE_TTL_DAYS * 24 * 60 * 60 * 1000);
  await getDb().invite.create({ data: { tokenHash: hashToken(token), role, createdById, expiresAt } });
  return { token, expiresAt };
}

export type OpenInvite = { id: string; role: Role; expiresAt: Date };

export async function findOpenInvite(token: string): Promise<OpenInvite | null> {
  const invite = await getDb().invite.findUnique({
    where: { tokenHash: hashToken(token) },
    select: { id: true, role: true, expiresAt: true, usedAt: true },
  });
  if (!invite || invite.usedAt || invite.expiresAt < new Date()) return null;
  return { id: invite.id, role: invite.role, expiresAt: invite.expiresAt };
}

/** Uses an invite: claimed atomically first (one account per link), given back if the account cannot be made. */
export async function acceptInvite(token: string, input: AccountInput): Promise<AccountResult> {
  const invite = await findOpenInvite(token);
  if (!invite) return { ok: false, error: "This invite link is invalid, used or expired: ask an admin for a new one" };
  const claimed = await getDb().invite.updateMany({
    where: { id: invite.id, usedAt: null },
    data: { usedAt: new Date() },
  });
  if (claimed.count === 0)
    return { ok: false, error: "This invite link has just been used: ask an admin for a new one" };
  const result = await createAccount(input, invite.role);
  if (!result.ok) await getDb().invite.update({ where: { id: invite.id }, data: { usedAt: null } });
  return result;
}

export type UserSummary = { id: string; name: string; email: string; role: Role; createdAt: Date };

export async function listUsers(): Promise<UserSummary[]> {
  return getDb().user.findMany({
    orderBy: { createdAt: "asc" },
    select: { id: true, name: true, email: true, role: true, createdAt: true },
  });
}

/** Changes a user's role; the last admin cannot be demoted, so the instance always has someone who can manage it. */
export async function setUserRole(userId: string, role: Role): Promise<{ ok: true } | { ok: false; error: string }> {
  const db = getDb();
  const user = await db.user.findUnique({ where: { id: userId }, select: { role: true } });
  if (!user) return { ok: false, error: `User ${userId} does not exist` };
  if (user.role === "admin" && role !== "admin" && (await db.user.count({ where: { role: "admin" } })) <= 1) {
    return { ok: false, error: "This is the only admin: make someone else an admin first" };
  }
  await db.user.update({ where: { id: userId }, data: { role } });
  forgetVerified(); // keys act with the new role at once
  return { ok: true };
}

/** Removes a user, their sessions and API keys; not the last admin. */
export async function removeUser(userId: string): Promise<{ ok: true } | { ok: false; error: string }> {
  const db = getDb();
  const user = await db.user.findUnique({ where: { id: userId }, select: { role: true } });
  if (!user) return { ok: false, error: `User ${userId} does not exist` };
  if (user.role === "admin" && (await db.user.count({ where: { role: "admin" } })) <= 1)
    return { ok: false, error: "The only admin cannot be removed" };
  await db.user.delete({ where: { id: userId } });
  forgetVerified();
  return { ok: true };
}
