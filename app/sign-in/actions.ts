"use server";
/**
 * Getting in and out: create the owner (only while nobody has an account), sign in, accept an
 * invite, sign out. better-auth checks the password and sets or clears the session cookie (its
 * nextCookies plugin); these actions validate the form first and answer with what is wrong.
 * Passwords and invites go through the sign-in throttle (lib/auth/sign-in.ts); a server action's
 * answer is always Next's 200, so a throttled form says how long to wait in its message.
 */
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { createOwner, hasOwner } from "@/lib/auth/accounts";
import { acceptInviteThrottled, signInWithPassword, signOut } from "@/lib/auth/sign-in";
import { NewAccountInput, SignInInput, safeNext, type FormState } from "./schema";

const fields = (form: FormData) =>
  Object.fromEntries([...form.entries()].filter(([, value]) => typeof value === "string"));

/** "password: use at least 10 characters" → "Use at least 10 characters", with the field marked. */
function problem(issue: { message: string; path: PropertyKey[] }): FormState {
  const text = issue.message.replace(/^\w+: /, "");
  return { error: text.charAt(0).toUpperCase() + text.slice(1), field: String(issue.path[0] ?? "") };
}

export async function createOwnerAction(_state: FormState, form: FormData): Promise<FormState> {
  if (await hasOwner()) redirect("/sign-in");
  const input = NewAccountInput.safeParse(fields(form));
  if (!input.success) return problem(input.error.issues[0]);
  const created = await createOwner(input.data);
  if (!created.ok) return { error: created.error };
  redirect("/");
}

export async function signInAction(_state: FormState, form: FormData): Promise<FormState> {
  const input = SignInInput.safeParse(fields(form));
  if (!input.success) return problem(input.error.issues[0]);
  const signedIn = await signInWithPassword(input.data, await headers());
  if (!signedIn.ok) return { error: signedIn.error };
  redirect(safeNext(input.data.next));
}

export async function acceptInviteAction(token: string, _state: FormState, form: FormData): Promise<FormState> {
  const input = NewAccountInput.safeParse(fields(form));
  if (!input.success) return problem(input.error.issues[0]);
  const created = await acceptInviteThrottled(token, input.data, await headers());
  if (!created.ok) return { error: created.error };
  redirect("/");
}

export async function signOutAction(): Promise<never> {
  await signOut(await headers());
  redirect("/sign-in");
}
