/**
 * Indexes one document (a `knowledge` job): parse an HTML or PDF document's bytes into text in a box with a budget
 * (a hostile file fails its document, naming the limit, and the worker goes on), split its text with the base's chunk
 * sizes, embed the chunks in batches — each batch moves the document's progress on — then replace the document's
 * chunks in the vector store in one write, so a search sees the old chunks or the new ones, never half. A failure
 * marks the document failed with the reason. A document deleted meanwhile stops the job at its next step, without an
 * error, and takes any chunks the job wrote with it.
 */
import { EmbeddingSettings } from "./embedding-settings";
import { embedTexts } from "./embedder";
import { extractText, type DocumentType } from "./extract-text";
import { readDocumentForIndexing, recordContent, recordProgress } from "./knowledge-store";
import { splitText } from "./split-text";
import { deleteDocumentChunks, ensureVectorIndex, replaceDocumentChunks, type ChunkRow } from "./vector-store";

/** The document was deleted while it was being indexed: nothing is left to index. */
class DocumentDeletedError extends Error {}

type Document = NonNullable<Awaited<ReturnType<typeof readDocumentForIndexing>>>;
type Progress = Parameters<typeof recordProgress>[1];

/** Records progress, and stops the job when the document is gone. */
async function progress(documentId: string, done: Progress): Promise<void> {
  if (!(await recordProgress(documentId, done))) throw new DocumentDeletedError(`document ${documentId} was deleted`);
}

async function chunksOf(document: Document, signal: AbortSignal | undefined): Promise<ChunkRow[]> {
  const { base, id } = document;
  const type = document.mediaType as DocumentType;
  const content = document.original ? await extractText(document.original, type, signal) : document.content;
  if (document.original) await recordContent(id, content);
  const chunks = await splitText(content, type, { chunkSize: base.chunkSize, chunkOverlap: base.chunkOverlap });
  await progress(id, { chunkCount: chunks.length });
  const vectors = await embedTexts(EmbeddingSettings.parse(base.embedding), chunks, {
    signal,
    onBatch: (done) => progress(id, { embeddedCount: done }),
  });
  return chunks.map((text, index) => ({
    id: `${id}:${index}`,
    vector: vectors[index],
    text,
    document_id: id,
    document_name: document.name,
    chunk_index: index,
  }));
}

/** Marks the document failed with the reason; false when it is gone. */
async function recordFailure(documentId: string, error: unknown): Promise<boolean> {
  const reason = error instanceof Error ? error.message : String(error);
  return recordProgress(documentId, { status: "failed", error: reason });
}

export async function indexDocument(documentId: string, signal?: AbortSignal): Promise<void> {
  const document = await readDocumentForIndexing(documentId);
  if (!document) return; // deleted while it waited
  const baseId = document.base.id;
  try {
    await progress(documentId, { status: "indexing", chunkCount: 0, embeddedCount: 0, error: null });
    const rows = await chunksOf(document, signal);
    await replaceDocumentChunks(baseId, documentId, rows);
    await ensureVectorIndex(baseId);
    // Marking it ready is the last look: a document deleted since its chunks were written has them removed below.
    await progress(documentId, { status: "ready", embeddedCount: rows.length });
  } catch (error) {
    const gone = error instanceof DocumentDeletedError || !(await recordFailure(documentId, error));
    if (!gone) throw error;
    await deleteDocumentChunks(baseId, documentId);
  }
}
