/**
 * POST `{ text }` sends a message in a conversation: the workflow runs with the message as its
 * input (trigger "chat"), and the answer is that run's — follow it at /api/runs/{runId}/events.
 * Answers 201 `{ runId, turnId }` (editor).
 */
import { sendMessage } from "@/lib/chat/conversations";
import { ApiError } from "@/lib/http/api-error";
import { apiRoute } from "@/lib/http/api-route";
import { startRunError } from "@/lib/http/start-run-error";
import { startedBy } from "@/lib/runs/run-trigger";
import { workflowOfConversation } from "@/lib/http/workflow-of";
import { MessageBody } from "../../schema";

export const dynamic = "force-dynamic";

export const POST = apiRoute<{ id: string }>(
  { role: "editor", workflow: workflowOfConversation },
  async ({ json, principal }, { id }) => {
    const body = MessageBody.safeParse(await json());
    if (!body.success) throw new ApiError("bad-request", `text: ${body.error.issues[0].message}`);
    const sent = await sendMessage(id, body.data.text, startedBy(principal));
    if (!sent.ok) throw startRunError(sent);
    return Response.json({ runId: sent.runId, turnId: sent.turnId }, { status: 201 });
  },
);
