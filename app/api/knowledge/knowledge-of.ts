/** The knowledge base a route's path names (by id or name), or a 404 naming it. */
import { ApiError } from "@/lib/http/api-error";
import { pathParam } from "@/lib/http/path-param";
import { findKnowledgeBase, type KnowledgeBaseView } from "@/lib/knowledge/knowledge-store";

export async function knowledgeBaseOrNotFound(id: string): Promise<KnowledgeBaseView> {
  const base = await findKnowledgeBase(pathParam(id));
  if (!base) throw new ApiError("not-found", `No knowledge base "${pathParam(id)}"`);
  return base;
}
