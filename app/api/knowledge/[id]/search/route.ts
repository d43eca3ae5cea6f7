/** POST searches a knowledge base (viewer): the chunks nearest to the query, best first, filtered and thresholded. */
import { ApiError } from "@/lib/http/api-error";
import { apiRoute } from "@/lib/http/api-route";
import { EmbeddingError } from "@/lib/knowledge/embedder";
import { KnowledgeQuery, searchKnowledge } from "@/lib/knowledge/search";
import { MissingSecretError } from "@/lib/secrets/resolve";
import { describeIssues } from "@/lib/validation/describe-issues";
import { knowledgeBaseOrNotFound } from "../../knowledge-of";

export const dynamic = "force-dynamic";

export const POST = apiRoute<{ id: string }>({ role: "viewer" }, async ({ json, request }, { id }) => {
  const base = await knowledgeBaseOrNotFound(id);
  const body = KnowledgeQuery.safeParse(await json());
  if (!body.success) throw new ApiError("bad-request", describeIssues(body.error));
  try {
    return Response.json({ chunks: await searchKnowledge(base, body.data, request.signal) });
  } catch (error) {
    if (error instanceof EmbeddingError || error instanceof MissingSecretError)
      throw new ApiError("unavailable", error.message);
    throw error;
  }
});
