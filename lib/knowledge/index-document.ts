/**
 * Indexes one document (a `knowledge` job): parse an HTML or PDF document's bytes into text in a box with a budget
 * (a hostile file fails its document, naming the limit, and the worker goes on), split its text with the base's chunk
 * sizes, embed the chunks in batches — each batch moves the document's progress on — then replace the document's
 * chunks in the vector store in one write, so a search sees the old chunks or the new ones, never half. A failure
 * marks the document failed with the reason.
 */
import { EmbeddingSettings } from "./embedding-settings";
import { embedTexts } from "./embedder";
import { extractText, type DocumentType } from "./extract-text";
import { readDocumentForIndexing, recordContent, recordProgress } from "./knowledge-store";
import { splitText } from "./split-text";
import { ensureVectorIndex, replaceDocumentChunks, type ChunkRow } from "./vector-store";

export async function indexDocument(documentId: string, signal?: AbortSignal): Promise<void> {
  const document = await readDocumentForIndexing(documentId);
  if (!document) return; // deleted while it waited
  const { base } = document;
  try {
    await recordProgress(documentId, { status: "indexing", chunkCount: 0, embeddedCount: 0, error: null });
    const type = document.mediaType as DocumentType;
    const content = document.original ? await extractText(document.original, type, signal) : document.content;
    if (document.original) await recordContent(documentId, content);
    const sizes = { chunkSize: base.chunkSize, chunkOverlap: base.chunkOverlap };
    const chunks = await splitText(content, type, sizes);
    await recordProgress(documentId, { chunkCount: chunks.length });
    const vectors = await embedTexts(EmbeddingSettings.parse(base.embedding), chunks, {
      signal,
      onBatch: (done) => recordProgress(documentId, { embeddedCount: done }),
    });
    const rows: ChunkRow[] = chunks.map((text, index) => ({
      id: `${documentId}:${index}`,
      vector: vectors[index],
      text,
      document_id: documentId,
      document_name: document.name,
      chunk_index: index,
    }));
    await replaceDocumentChunks(base.id, documentId, rows);
    await ensureVectorIndex(base.id);
    await recordProgress(documentId, { status: "ready", embeddedCount: chunks.length });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    await recordProgress(documentId, { status: "failed", error: reason });
    throw error;
  }
}
