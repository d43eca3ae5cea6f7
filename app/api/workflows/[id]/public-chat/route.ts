/**
 * A workflow's public chat settings (lib/public-chat/settings.ts): GET reads them (viewer; made, off, on first read),
 * PUT changes the fields it names (editor) — on/off, title, welcome message, allowed origins, access code (kept as a
 * hash; null removes it), rate limits — and answers with the settings as they are now.
 */
import { ApiError } from "@/lib/http/api-error";
import { apiRoute } from "@/lib/http/api-route";
import { workflowOfPath } from "@/lib/http/workflow-of";
import { getPublicChatSettings, PublicChatUpdate, updatePublicChatSettings } from "@/lib/public-chat/settings";
import { describeIssues } from "@/lib/validation/describe-issues";

export const dynamic = "force-dynamic";

const missing = (id: string) => new ApiError("not-found", `Workflow ${id} does not exist`);

export const GET = apiRoute<{ id: string }>({ role: "viewer", workflow: workflowOfPath }, async (_call, { id }) => {
  const settings = await getPublicChatSettings(id);
  if (!settings) throw missing(id);
  return Response.json(settings);
});

export const PUT = apiRoute<{ id: string }>({ role: "editor", workflow: workflowOfPath }, async ({ json }, { id }) => {
  const update = PublicChatUpdate.safeParse(await json());
  if (!update.success) throw new ApiError("bad-request", describeIssues(update.error, "body"));
  const settings = await updatePublicChatSettings(id, update.data);
  if (!settings) throw missing(id);
  return Response.json(settings);
});
