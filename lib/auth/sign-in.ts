/**
 * Getting in with a password — signing in, or accepting an invite — through the throttle
 * (lib/auth/sign-in-throttle.ts): a wrong password or a bad invite counts against the account and
 * the caller's address, and past the limit the answer is a 429-style refusal saying when to retry. And getting out.
 */
import "server-only";
import { APIError } from "better-auth";
import { clientAddress } from "../http/client-address";
import { acceptInvite, type AccountInput, type AccountResult } from "./accounts";
import { getAuth } from "./auth";
import { sessionCredential } from "./principal";
import { forgetVerified } from "./verified-credentials";
import { throttled, type ThrottleRefusal } from "./sign-in-throttle";

export type SignInResult = { ok: true } | { ok: false; status: 401; error: string } | ThrottleRefusal;

export const WRONG_PASSWORD = "That e-mail and password do not match an account";

/**
 * better-auth checks the password and, called from a server action, sets the session cookie (its nextCookies plugin).
 */
export async function signInWithPassword(
  input: { email: string; password: string },
  headers: Headers,
): Promise<SignInResult> {
  return throttled(
    "sign-in",
    { account: input.email, address: clientAddress(headers) },
    async (): Promise<SignInResult> => {
      try {
        await getAuth().api.signInEmail({ body: { email: input.email, password: input.password }, headers });
        return { ok: true };
      } catch (error) {
        if (error instanceof APIError) return { ok: false, status: 401, error: WRONG_PASSWORD };
        throw error;
      }
    },
  );
}

export async function acceptInviteThrottled(
  token: string,
  input: AccountInput,
  headers: Headers,
): Promise<AccountResult | ThrottleRefusal> {
  return throttled("invite", { account: input.email, address: clientAddress(headers) }, () =>
    acceptInvite(token, input),
  );
}

/**
 * Ends the session the request carries (better-auth deletes it and, from a server action, clears the cookie); this
 * process stops honouring it at once, other web processes within CREDENTIAL_CACHE_MS.
 */
export async function signOut(headers: Headers): Promise<void> {
  await getAuth()
    .api.signOut({ headers })
    .catch(() => undefined);
  const credential = sessionCredential(headers);
  if (credential) forgetVerified(credential);
}
