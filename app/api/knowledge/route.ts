/** GET lists the knowledge bases (viewer); POST creates one (editor; 409 on a taken name). */
import { ApiError } from "@/lib/http/api-error";
import { apiRoute } from "@/lib/http/api-route";
import { createKnowledgeBase, KnowledgeConflictError, listKnowledgeBases } from "@/lib/knowledge/knowledge-store";
import { describeIssues } from "@/lib/validation/describe-issues";
import { CreateKnowledgeBaseBody } from "./schema";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ role: "viewer" }, async () =>
  Response.json({ knowledgeBases: await listKnowledgeBases() }),
);

export const POST = apiRoute({ role: "editor" }, async ({ json }) => {
  const body = CreateKnowledgeBaseBody.safeParse(await json());
  if (!body.success) throw new ApiError("bad-request", describeIssues(body.error));
  try {
    return Response.json(await createKnowledgeBase(body.data), { status: 201 });
  } catch (error) {
    if (error instanceof KnowledgeConflictError) throw new ApiError("conflict", error.message);
    throw error;
  }
});
