/**
 * POST `{ message }` (Bearer visitor token): the published version answers, streamed as Server-Sent Events of its
 * text only (lib/public-chat/answer-stream.ts). Public; rate-limited per visitor and per chat (429 with Retry-After).
 */
import { answerVisitorMessage } from "@/lib/public-chat/messages";
import { preflight, visitorChatRoute } from "@/lib/public-chat/public-route";

export const dynamic = "force-dynamic";

export const POST = visitorChatRoute(async ({ request, chat, visitor, json }) =>
  answerVisitorMessage(request, chat, visitor.visitor, await json()),
);
export const OPTIONS = preflight;
