/**
 * Searching a knowledge base: the query is embedded with the base's own provider, then the nearest chunks are found
 * in the vector store, narrowed by a metadata filter (document names, the documents' own metadata) before ranking and
 * cut at a score threshold. Each chunk says which document and which chunk of it it is, for citations. A chunk whose
 * document is gone (a delete that stopped between the row and its chunks) is never returned: its chunks are swept and
 * the search asked again.
 */
import { z } from "zod";
import { embedTexts } from "./embedder";
import { documentsMatching, existingDocumentIds, type KnowledgeBaseView } from "./knowledge-store";
import { deleteDocumentChunks, searchVectors, sqlString, type ChunkHit, type VectorSearch } from "./vector-store";

export const KnowledgeFilter = z
  .object({
    documents: z.array(z.string()).optional().meta({ description: "Only chunks of documents with these names" }),
    metadata: z
      .record(z.string(), z.string())
      .optional()
      .meta({ description: "Only chunks of documents whose metadata has all these values" }),
  })
  .strict();
export type KnowledgeFilter = z.infer<typeof KnowledgeFilter>;

export const KnowledgeQuery = z.object({
  query: z.string().trim().min(1, "query: say what to search for"),
  topK: z.number().int().min(1, "topK: at least 1").max(50, "topK: at most 50").default(5),
  minScore: z
    .number()
    .min(-1, "minScore: a cosine similarity from -1 to 1")
    .max(1, "minScore: a cosine similarity from -1 to 1")
    .optional(),
  filter: KnowledgeFilter.optional(),
});
export type KnowledgeQuery = z.input<typeof KnowledgeQuery>;

export type KnowledgeChunk = { document: string; documentId: string; chunk: number; score: number; text: string };

const inList = (column: string, values: string[]) => `${column} IN (${values.map(sqlString).join(", ")})`;

/** The SQL prefilter for a filter; null when it can match nothing (no document has that metadata). */
async function whereOf(baseId: string, filter: KnowledgeFilter | undefined): Promise<string | undefined | null> {
  const parts: string[] = [];
  if (filter?.documents) {
    if (filter.documents.length === 0) return null;
    parts.push(inList("document_name", filter.documents));
  }
  if (filter?.metadata && Object.keys(filter.metadata).length > 0) {
    const ids = await documentsMatching(baseId, filter.metadata);
    if (ids.length === 0) return null;
    parts.push(inList("document_id", ids));
  }
  return parts.length > 0 ? parts.join(" AND ") : undefined;
}

export async function searchKnowledge(
  base: KnowledgeBaseView,
  request: KnowledgeQuery,
  signal?: AbortSignal,
): Promise<KnowledgeChunk[]> {
  const { query, topK, minScore, filter } = KnowledgeQuery.parse(request);
  const where = await whereOf(base.id, filter);
  if (where === null) return [];
  const [vector] = await embedTexts(base.embedding, [query], { signal });
  const hits = await searchLiveChunks(base.id, vector, { topK, minScore, where });
  return hits.map((hit) => ({
    document: hit.document_name,
    documentId: hit.document_id,
    chunk: hit.chunk_index,
    score: Math.round(hit.score * 10_000) / 10_000,
    text: hit.text,
  }));
}

/**
 * The nearest chunks of documents the base still has. Chunks of a deleted document are swept and the search asked once
 * more, so the answer still holds up to topK live chunks.
 */
async function searchLiveChunks(baseId: string, vector: number[], search: VectorSearch): Promise<ChunkHit[]> {
  for (let attempt = 1; ; attempt += 1) {
    const hits = await searchVectors(baseId, vector, search);
    const ids = [...new Set(hits.map((hit) => hit.document_id))];
    const existing = await existingDocumentIds(baseId, ids);
    const orphans = ids.filter((id) => !existing.has(id));
    if (orphans.length === 0 || attempt === 2) return hits.filter((hit) => existing.has(hit.document_id));
    for (const id of orphans) await deleteDocumentChunks(baseId, id);
  }
}
