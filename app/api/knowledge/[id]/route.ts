/** GET a knowledge base with its documents and their indexing progress (viewer); DELETE it, vectors too (editor). */
import { apiRoute } from "@/lib/http/api-route";
import { deleteKnowledgeBase, listDocuments } from "@/lib/knowledge/knowledge-store";
import { knowledgeBaseOrNotFound } from "../knowledge-of";

export const dynamic = "force-dynamic";

export const GET = apiRoute<{ id: string }>({ role: "viewer" }, async (_call, { id }) => {
  const base = await knowledgeBaseOrNotFound(id);
  return Response.json({ ...base, documents: await listDocuments(base.id) });
});

export const DELETE = apiRoute<{ id: string }>({ role: "editor" }, async (_call, { id }) => {
  const base = await knowledgeBaseOrNotFound(id);
  await deleteKnowledgeBase(base.id);
  return new Response(null, { status: 204 });
});
