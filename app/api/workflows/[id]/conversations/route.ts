/**
 * A workflow's chat conversations (the Chat panel): GET lists them, newest first (viewer); POST
 * creates one, `{ title? }`, and answers 201 with it (editor).
 */
import { createConversation, listConversations } from "@/lib/chat/conversations";
import { ApiError } from "@/lib/http/api-error";
import { apiRoute } from "@/lib/http/api-route";
import { workflowOfPath } from "@/lib/http/workflow-of";
import { getWorkflow } from "@/lib/workflow-store/repository";
import { CreateConversationBody } from "../../../conversations/schema";

export const dynamic = "force-dynamic";

async function requireWorkflow(id: string) {
  if (!(await getWorkflow(id))) throw new ApiError("not-found", `Workflow ${id} does not exist`);
}

export const GET = apiRoute<{ id: string }>({ role: "viewer", workflow: workflowOfPath }, async (_request, { id }) => {
  await requireWorkflow(id);
  return Response.json({ conversations: await listConversations(id) });
});

export const POST = apiRoute<{ id: string }>({ role: "editor", workflow: workflowOfPath }, async ({ json }, { id }) => {
  const body = CreateConversationBody.safeParse(await json());
  if (!body.success) throw new ApiError("bad-request", body.error.issues[0].message);
  await requireWorkflow(id);
  return Response.json(await createConversation(id, body.data.title), { status: 201 });
});
