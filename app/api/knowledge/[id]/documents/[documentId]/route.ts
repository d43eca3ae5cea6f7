/** DELETE one document of a knowledge base (editor): its row and its chunks, so no search finds it again. */
import { ApiError } from "@/lib/http/api-error";
import { apiRoute } from "@/lib/http/api-route";
import { pathParam } from "@/lib/http/path-param";
import { deleteDocument, findDocument } from "@/lib/knowledge/knowledge-store";
import { knowledgeBaseOrNotFound } from "../../../knowledge-of";

export const dynamic = "force-dynamic";

export const DELETE = apiRoute<{ id: string; documentId: string }>(
  { role: "editor" },
  async (_call, { id, documentId }) => {
    const base = await knowledgeBaseOrNotFound(id);
    const notFound = new ApiError(
      "not-found",
      `No document "${pathParam(documentId)}" in knowledge base "${base.name}"`,
    );
    const document = await findDocument(base.id, pathParam(documentId));
    if (!document || !(await deleteDocument(base.id, document.id))) throw notFound;
    return new Response(null, { status: 204 });
  },
);
