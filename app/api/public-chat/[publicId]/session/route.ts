/**
 * POST `{ accessCode? }` starts a visitor's session with a public chat: 201 `{ token }`, the Bearer token of its other
 * routes. Public; a chat with an access code wants it (401 without, 403 wrong, 429 after too many wrong).
 */
import { preflight, publicChatRoute } from "@/lib/public-chat/public-route";
import { openVisitorSession } from "@/lib/public-chat/session";

export const dynamic = "force-dynamic";

export const POST = publicChatRoute(async ({ request, chat, json }) => openVisitorSession(request, chat, await json()));
export const OPTIONS = preflight;
