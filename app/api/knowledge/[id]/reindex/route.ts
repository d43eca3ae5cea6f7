/** POST queues every document of a knowledge base to be indexed again (editor); the base's GET shows the progress. */
import { apiRoute } from "@/lib/http/api-route";
import { addIndexJobs } from "@/lib/knowledge/knowledge-queue";
import { queueAllDocuments } from "@/lib/knowledge/knowledge-store";
import { knowledgeBaseOrNotFound } from "../../knowledge-of";

export const dynamic = "force-dynamic";

export const POST = apiRoute<{ id: string }>({ role: "editor" }, async (_call, { id }) => {
  const base = await knowledgeBaseOrNotFound(id);
  const documentIds = await queueAllDocuments(base.id);
  await addIndexJobs(documentIds);
  return Response.json({ queued: documentIds.length }, { status: 202 });
});
