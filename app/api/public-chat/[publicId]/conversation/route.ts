/**
 * A visitor's own conversation with a public chat (Bearer visitor token): GET its turns (message, answer, status —
 * nothing of the runs behind them); POST starts a new one, forgetting the last (429 past the address's hourly allowance
 * of new sessions and conversations). Public.
 */
import { clientAddress } from "@/lib/http/client-address";
import { preflight, visitorChatRoute } from "@/lib/public-chat/public-route";
import { takeSessionPoint, tooMany } from "@/lib/public-chat/rate-limit";
import { startNewConversation, visitorTurns } from "@/lib/public-chat/visitor-conversation";

export const dynamic = "force-dynamic";

export const GET = visitorChatRoute(async ({ chat, visitor }) =>
  Response.json({ turns: await visitorTurns(chat.workflowId, visitor.visitor) }),
);

export const POST = visitorChatRoute(async ({ request, chat, visitor }) => {
  const limited = await takeSessionPoint(chat.workflowId, clientAddress(request.headers));
  if (limited) return tooMany(limited.message, limited.retryAfterSeconds);
  await startNewConversation(chat.workflowId, visitor.visitor);
  return Response.json({ turns: [] }, { status: 201 });
});
export const OPTIONS = preflight;
