/** What the account forms (set-up, sign-in, invite) send, and what their actions answer. */
import { z } from "zod";
import { MIN_PASSWORD_LENGTH } from "@/lib/auth/limits";

export const Email = z
  .string({ error: "email: enter your e-mail address" })
  .trim()
  .toLowerCase()
  .email("email: enter a valid e-mail address")
  .max(254, "email: too long");
export const Password = z
  .string({ error: "password: enter a password" })
  .min(1, "password: enter your password")
  .max(256, "password: keep it under 256 characters");
export const NewPassword = Password.min(
  MIN_PASSWORD_LENGTH,
  `password: use at least ${MIN_PASSWORD_LENGTH} characters`,
);
export const PersonName = z
  .string({ error: "name: enter your name" })
  .trim()
  .min(1, "name: enter your name")
  .max(100, "name: keep it under 100 characters");

export const SignInInput = z.object({ email: Email, password: Password, next: z.string().optional() });
export const NewAccountInput = z
  .object({ name: PersonName, email: Email, password: NewPassword, confirm: z.string() })
  .refine((input) => input.password === input.confirm, {
    message: "confirm: the two passwords differ",
    path: ["confirm"],
  });

/** `null` before the first submit; otherwise the problem to show, with the field it is about. */
export type FormState = { error: string; field?: string } | null;

/** A relative path on this site to return to after signing in; anything else (other sites, `//host`) means home. */
export function safeNext(next: unknown): string {
  return typeof next === "string" && next.startsWith("/") && !next.startsWith("//") && !next.startsWith("/\\")
    ? next
    : "/";
}
