/**
 * One chat conversation: GET with its turns and their answers (viewer); PATCH `{ title }` renames it and DELETE removes
 * it (editor).
 */
import { deleteConversation, getConversation, renameConversation } from "@/lib/chat/conversations";
import { ApiError } from "@/lib/http/api-error";
import { apiRoute } from "@/lib/http/api-route";
import { workflowOfConversation } from "@/lib/http/workflow-of";
import { RenameConversationBody } from "../schema";

export const dynamic = "force-dynamic";

export const GET = apiRoute<{ id: string }>(
  { role: "viewer", workflow: workflowOfConversation },
  async (_request, { id }) => {
    const conversation = await getConversation(id);
    if (!conversation) throw new ApiError("not-found", `Conversation ${id} does not exist`);
    return Response.json(conversation);
  },
);

export const PATCH = apiRoute<{ id: string }>(
  { role: "editor", workflow: workflowOfConversation },
  async ({ json }, { id }) => {
    const body = RenameConversationBody.safeParse(await json());
    if (!body.success) throw new ApiError("bad-request", `title: ${body.error.issues[0].message}`);
    const renamed = await renameConversation(id, body.data.title);
    if (!renamed) throw new ApiError("not-found", `Conversation ${id} does not exist`);
    return Response.json(renamed);
  },
);

export const DELETE = apiRoute<{ id: string }>(
  { role: "editor", workflow: workflowOfConversation },
  async (_request, { id }) => {
    if (!(await deleteConversation(id))) throw new ApiError("not-found", `Conversation ${id} does not exist`);
    return new Response(null, { status: 204 });
  },
);
