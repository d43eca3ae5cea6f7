/**
 * better-auth, configured once: e-mail + password accounts in PostgreSQL (Prisma adapter), a `role`
 * on every user, and API keys (hashed, no rate limit: keys are for scripts). There is no public
 * better-auth HTTP endpoint: sign-up, sign-in, invites and keys go through our server actions,
 * which check the perimeter and the caller's role first (lib/auth/accounts.ts).
 */
import "server-only";
import { apiKey } from "@better-auth/api-key";
import { betterAuth } from "better-auth";
import { prismaAdapter } from "better-auth/adapters/prisma";
import { nextCookies } from "better-auth/next-js";
import { getDb } from "../db/client";
import { appBaseUrl } from "../platform/app-url";
import { accountsSecret } from "../platform/secret";
import { MIN_PASSWORD_LENGTH } from "./limits";

export const API_KEY_PREFIX = "sb_";
/** The session cookie is `switchboard.session_token` (`__Secure-` before it over https). */
export const COOKIE_PREFIX = "switchboard";

function createAuth() {
  const baseURL = appBaseUrl();
  return betterAuth({
    appName: "Switchboard",
    baseURL,
    secret: accountsSecret(),
    database: prismaAdapter(getDb(), { provider: "postgresql" }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: 256,
      autoSignIn: true,
    },
    user: { additionalFields: { role: { type: "string", required: false, defaultValue: "viewer", input: false } } },
    session: { expiresIn: 60 * 60 * 24 * 7, updateAge: 60 * 60 * 24 },
    // HttpOnly and SameSite=Lax are better-auth's defaults; Secure follows an https base URL.
    advanced: { useSecureCookies: baseURL.startsWith("https://"), cookiePrefix: COOKIE_PREFIX },
    telemetry: { enabled: false },
    // A wrong API key is an everyday 401, not an error worth a stack in the log.
    logger: {
      log: (level, message, ...args) =>
        message.startsWith("Failed to validate API key")
          ? undefined
          : console[level === "debug" ? "log" : level](`[auth] ${message}`, ...args),
    },
    plugins: [
      apiKey({
        defaultPrefix: API_KEY_PREFIX,
        requireName: true,
        maximumNameLength: 64,
        apiKeyHeaders: ["x-api-key"],
        rateLimit: { enabled: false },
      }),
      // Lets server actions set and clear the session cookie; must stay last.
      nextCookies(),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

const holder = globalThis as unknown as { switchboardAuth?: Auth };

export function getAuth(): Auth {
  holder.switchboardAuth ??= createAuth();
  return holder.switchboardAuth;
}
