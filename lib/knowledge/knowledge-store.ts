/**
 * Knowledge bases and their documents in PostgreSQL: the base's settings (embeddings provider, chunk sizes) and each
 * document's text, metadata and indexing progress. A base is found by id or by its unique name (how a node names it).
 * The vectors are in the vector store (vector-store.ts), dropped with the base or with their document.
 */
import { getDb } from "../db/client";
import { Prisma } from "../db/generated/client";
import { EmbeddingSettings } from "./embedding-settings";
import { deleteDocumentChunks, dropBaseTable } from "./vector-store";

export type DocumentStatus = "queued" | "indexing" | "ready" | "failed";

export type KnowledgeBaseView = {
  id: string;
  name: string;
  description: string;
  embedding: EmbeddingSettings;
  chunkSize: number;
  chunkOverlap: number;
  documentCount: number;
  createdAt: string;
};

export type KnowledgeDocumentView = {
  id: string;
  name: string;
  source: string;
  mediaType: string;
  metadata: Record<string, string>;
  status: DocumentStatus;
  chunkCount: number;
  embeddedCount: number;
  error: string | null;
  updatedAt: string;
};

export type NewKnowledgeBase = Omit<KnowledgeBaseView, "id" | "documentCount" | "createdAt">;
export type NewDocument = {
  name: string;
  source: string;
  mediaType: string;
  content: string;
  /** An HTML or PDF document's bytes, parsed into `content` by the worker that indexes it. */
  original: Uint8Array | null;
  metadata: Record<string, string>;
};

/** A name taken, a base or document missing: the API answers 409 or 404 with the message. */
export class KnowledgeConflictError extends Error {}

type BaseRow = Prisma.KnowledgeBaseGetPayload<{ include: { _count: { select: { documents: true } } } }>;

const baseView = (row: BaseRow): KnowledgeBaseView => ({
  id: row.id,
  name: row.name,
  description: row.description,
  embedding: EmbeddingSettings.parse(row.embedding),
  chunkSize: row.chunkSize,
  chunkOverlap: row.chunkOverlap,
  documentCount: row._count.documents,
  createdAt: row.createdAt.toISOString(),
});

/** A document's text and bytes stay in the database unless indexing asks for them: a list never carries megabytes. */
const withoutBody = { content: true, original: true } as const;
type DocumentRow = Prisma.KnowledgeDocumentGetPayload<{ omit: typeof withoutBody }>;

const documentView = (row: DocumentRow): KnowledgeDocumentView => ({
  id: row.id,
  name: row.name,
  source: row.source,
  mediaType: row.mediaType,
  metadata: row.metadata as Record<string, string>,
  status: row.status as DocumentStatus,
  chunkCount: row.chunkCount,
  embeddedCount: row.embeddedCount,
  error: row.error,
  updatedAt: row.updatedAt.toISOString(),
});

const withCount = { _count: { select: { documents: true } } } as const;
const isUniqueViolation = (error: unknown) =>
  error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";

export async function listKnowledgeBases(): Promise<KnowledgeBaseView[]> {
  const rows = await getDb().knowledgeBase.findMany({ orderBy: { name: "asc" }, include: withCount });
  return rows.map(baseView);
}

/** The base with this id, or else this name; undefined when there is none. */
export async function findKnowledgeBase(idOrName: string): Promise<KnowledgeBaseView | undefined> {
  const row = await getDb().knowledgeBase.findFirst({
    where: { OR: [{ id: idOrName }, { name: idOrName }] },
    include: withCount,
  });
  return row ? baseView(row) : undefined;
}

export async function createKnowledgeBase(base: NewKnowledgeBase): Promise<KnowledgeBaseView> {
  try {
    const row = await getDb().knowledgeBase.create({
      data: { ...base, embedding: base.embedding as Prisma.InputJsonValue },
      include: withCount,
    });
    return baseView(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw new KnowledgeConflictError(`name: a knowledge base "${base.name}" exists`);
    throw error;
  }
}

export async function deleteKnowledgeBase(id: string): Promise<boolean> {
  const { count } = await getDb().knowledgeBase.deleteMany({ where: { id } });
  await dropBaseTable(id);
  return count > 0;
}

export async function listDocuments(baseId: string): Promise<KnowledgeDocumentView[]> {
  const rows = await getDb().knowledgeDocument.findMany({
    where: { baseId },
    orderBy: { name: "asc" },
    omit: withoutBody,
  });
  return rows.map(documentView);
}

/** The base's document with this id, or else this name; undefined when it has none. */
export async function findDocument(baseId: string, idOrName: string): Promise<KnowledgeDocumentView | undefined> {
  const row = await getDb().knowledgeDocument.findFirst({
    where: { baseId, OR: [{ id: idOrName }, { name: idOrName }] },
    omit: withoutBody,
  });
  return row ? documentView(row) : undefined;
}

/**
 * Deletes a document and its chunks; false when the base has no such document. The row goes before the vectors, so a
 * job indexing it cannot bring its chunks back: one that wrote them before the row went has them removed here, and one
 * that writes later finds the row gone and removes them itself (index-document.ts). Should the process stop between
 * the two, a search sweeps the chunks it finds without a document (search.ts).
 */
export async function deleteDocument(baseId: string, documentId: string): Promise<boolean> {
  const { count } = await getDb().knowledgeDocument.deleteMany({ where: { baseId, id: documentId } });
  if (count === 0) return false;
  await deleteDocumentChunks(baseId, documentId);
  return true;
}

/** Adds a document, or replaces the text of the one with the same name; it is queued to be indexed. */
export async function putDocument(baseId: string, document: NewDocument): Promise<KnowledgeDocumentView> {
  const reset = { status: "queued", chunkCount: 0, embeddedCount: 0, error: null };
  const data = { ...document, original: document.original && new Uint8Array(document.original), ...reset };
  const row = await getDb().knowledgeDocument.upsert({
    where: { baseId_name: { baseId, name: document.name } },
    create: { baseId, ...data },
    update: data,
    omit: withoutBody,
  });
  return documentView(row);
}

/** Marks every document of the base queued again; their ids, to enqueue. */
export async function queueAllDocuments(baseId: string): Promise<string[]> {
  const db = getDb();
  await db.knowledgeDocument.updateMany({
    where: { baseId },
    data: { status: "queued", embeddedCount: 0, error: null },
  });
  const rows = await db.knowledgeDocument.findMany({ where: { baseId }, select: { id: true } });
  return rows.map((row) => row.id);
}

/** The text parsed from a document's bytes, kept beside them. */
export async function recordContent(documentId: string, content: string): Promise<void> {
  await getDb().knowledgeDocument.updateMany({ where: { id: documentId }, data: { content } });
}

export async function readDocumentForIndexing(documentId: string) {
  return getDb().knowledgeDocument.findUnique({ where: { id: documentId }, include: { base: true } });
}

/** Records how far indexing has got; false when the document is gone (deleted while it was being indexed). */
export async function recordProgress(
  documentId: string,
  progress: Partial<{ status: DocumentStatus; chunkCount: number; embeddedCount: number; error: string | null }>,
): Promise<boolean> {
  const { count } = await getDb().knowledgeDocument.updateMany({ where: { id: documentId }, data: progress });
  return count > 0;
}

/** Which of these document ids the base still has. */
export async function existingDocumentIds(baseId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await getDb().knowledgeDocument.findMany({ where: { baseId, id: { in: ids } }, select: { id: true } });
  return new Set(rows.map((row) => row.id));
}

/** Ids of the base's documents whose metadata has every one of these values. */
export async function documentsMatching(baseId: string, metadata: Record<string, string>): Promise<string[]> {
  const rows = await getDb().knowledgeDocument.findMany({
    where: { baseId, AND: metadataConditions(metadata) },
    select: { id: true },
  });
  return rows.map((row) => row.id);
}

const metadataConditions = (metadata: Record<string, string>) =>
  Object.entries(metadata).map(([key, value]) => ({ metadata: { path: [key], equals: value } }));
