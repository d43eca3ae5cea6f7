/**
 * A visitor's session with a public chat: a fresh visitor id in a signed token, given at once for a chat without an
 * access code, and for one with a code only to whoever sends it. Wrong codes are throttled per chat and address like
 * failed sign-ins (lib/auth/sign-in-throttle.ts), so a short code cannot be guessed by trying them all.
 */
import "server-only";
import { verifyPassword } from "better-auth/crypto";
import { z } from "zod";
import { throttled } from "../auth/sign-in-throttle";
import { ApiError } from "../http/api-error";
import { clientAddress } from "../http/client-address";
import type { PublicChat } from "./lookup";
import { takeSessionPoint, tooMany } from "./rate-limit";
import { createVisitorToken } from "./visitor-token";

export const SessionBody = z.object({
  accessCode: z.string().max(200, "accessCode: at most 200 characters").optional(),
});

/**
 * 201 with `{ token }`; 401 without a code the chat asks for, 403 for a wrong one, 429 after too many wrong ones or too
 * many new sessions from one address (rate-limit.ts).
 */
export async function openVisitorSession(request: Request, chat: PublicChat, body: unknown): Promise<Response> {
  const parsed = SessionBody.safeParse(body ?? {});
  if (!parsed.success) throw new ApiError("bad-request", parsed.error.issues[0].message);
  const { accessCode } = parsed.data;
  const hash = chat.accessCodeHash;
  if (hash !== null) {
    if (!accessCode) throw new ApiError("unauthorized", "This chat asks for an access code: send it as accessCode");
    const who = { account: `public-chat:${chat.publicId}`, address: clientAddress(request.headers) };
    const checked = await throttled("access-code", who, async () => ({
      ok: await verifyPassword({ hash, password: accessCode }),
    }));
    if ("status" in checked) return tooMany(checked.error, checked.retryAfterSeconds);
    if (!checked.ok) throw new ApiError("forbidden", "Wrong access code: check it with whoever gave you this chat");
  }
  const limited = await takeSessionPoint(chat.workflowId, clientAddress(request.headers));
  if (limited) return tooMany(limited.message, limited.retryAfterSeconds);
  return Response.json({ token: await createVisitorToken(chat.publicId, hash) }, { status: 201 });
}
