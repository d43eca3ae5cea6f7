/**
 * A visitor's own conversation with a public chat (Bearer visitor token): GET its turns (message, answer, status —
 * nothing of the runs behind them); POST starts a new one, forgetting the last. Public.
 */
import { preflight, visitorChatRoute } from "@/lib/public-chat/public-route";
import { startNewConversation, visitorTurns } from "@/lib/public-chat/visitor-conversation";

export const dynamic = "force-dynamic";

export const GET = visitorChatRoute(async ({ chat, visitor }) =>
  Response.json({ turns: await visitorTurns(chat.workflowId, visitor.visitor) }),
);

export const POST = visitorChatRoute(async ({ chat, visitor }) => {
  await startNewConversation(chat.workflowId, visitor.visitor);
  return Response.json({ turns: [] }, { status: 201 });
});
export const OPTIONS = preflight;
