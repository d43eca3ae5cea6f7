/**
 * Knowledge bases over the API (lib/knowledge): what the routes accept and answer, and their OpenAPI operations
 * (registered in app/api/operations.ts).
 */
import { z } from "zod";
import { apiError, IsoTime, jsonBody, jsonResponse, noContent, type ApiOperation } from "@/lib/http/openapi/operation";
import { DocumentUpload } from "@/lib/knowledge/add-document";
import { EmbeddingSettings } from "@/lib/knowledge/embedding-settings";
import { KnowledgeQuery } from "@/lib/knowledge/search";

export const CreateKnowledgeBaseBody = z
  .object({
    name: z
      .string("name: required")
      .trim()
      .min(1, "name: required")
      .max(100, "name: keep it under 100 characters")
      .regex(/^[^/]+$/, "name: may not hold a slash"),
    description: z.string().max(2_000, "description: keep it under 2,000 characters").default(""),
    embedding: EmbeddingSettings,
    chunkSize: z
      .number()
      .int()
      .min(100, "chunkSize: at least 100")
      .max(8_000, "chunkSize: at most 8,000")
      .default(1000),
    chunkOverlap: z.number().int().min(0, "chunkOverlap: 0 or more").default(200),
  })
  .refine((body) => body.chunkOverlap < body.chunkSize, {
    message: "chunkOverlap: must be smaller than chunkSize",
    path: ["chunkOverlap"],
  });

export { DocumentUpload, KnowledgeQuery };

const IdParams = z.object({ id: z.string().meta({ description: "The knowledge base's id (or its name)" }) });
const DocumentParams = IdParams.extend({
  documentId: z.string().meta({ description: "The document's id (or its name)" }),
});

const KnowledgeBase = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  embedding: EmbeddingSettings,
  chunkSize: z.number(),
  chunkOverlap: z.number(),
  documentCount: z.number(),
  createdAt: IsoTime,
});

const KnowledgeDocument = z.object({
  id: z.string(),
  name: z.string(),
  source: z.string().meta({ description: '"upload", or the URL it was fetched from' }),
  mediaType: z.string(),
  metadata: z.record(z.string(), z.string()),
  status: z.enum(["queued", "indexing", "ready", "failed"]),
  chunkCount: z.number(),
  embeddedCount: z.number().meta({ description: "Chunks embedded so far: the indexing's progress" }),
  error: z.string().nullable(),
  updatedAt: IsoTime,
});

const Chunk = z.object({
  document: z.string(),
  documentId: z.string(),
  chunk: z.number().meta({ description: "The chunk's place in its document, from 0" }),
  score: z.number().meta({ description: "Cosine similarity to the query" }),
  text: z.string(),
});

const tag = "Knowledge";
const noBase = apiError("No such knowledge base");
export const operations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/knowledge",
    tag,
    summary: "List knowledge bases",
    access: "viewer",
    responses: { 200: jsonResponse("Every knowledge base", z.object({ knowledgeBases: z.array(KnowledgeBase) })) },
  },
  {
    method: "post",
    path: "/api/knowledge",
    tag,
    summary: "Create a knowledge base",
    description: "The embeddings provider's key is named as a secret (apiKeySecret), never sent.",
    access: "editor",
    request: { body: jsonBody(CreateKnowledgeBaseBody) },
    responses: { 201: jsonResponse("Created", KnowledgeBase), 409: apiError("The name is taken") },
  },
  {
    method: "get",
    path: "/api/knowledge/{id}",
    tag,
    summary: "A knowledge base and its documents, with each one's indexing progress",
    access: "viewer",
    request: { params: IdParams },
    responses: {
      200: jsonResponse("The base", KnowledgeBase.extend({ documents: z.array(KnowledgeDocument) })),
      404: noBase,
    },
  },
  {
    method: "delete",
    path: "/api/knowledge/{id}",
    tag,
    summary: "Delete a knowledge base, its documents and its vectors",
    access: "editor",
    request: { params: IdParams },
    responses: { 204: noContent("Deleted"), 404: noBase },
  },
  {
    method: "post",
    path: "/api/knowledge/{id}/documents",
    tag,
    summary: "Add a document (text, a file in base64, or a URL to fetch) and queue it to be indexed",
    description: "A document with the same name is replaced. Bodies up to the workflow body limit (5 MB by default).",
    access: "editor",
    request: { params: IdParams, body: jsonBody(DocumentUpload) },
    responses: { 202: jsonResponse("Queued", KnowledgeDocument), 400: apiError("Unreadable"), 404: noBase },
  },
  {
    method: "delete",
    path: "/api/knowledge/{id}/documents/{documentId}",
    tag,
    summary: "Delete a document and its chunks, so searches no longer find it",
    description: "A document being indexed is deleted too: its indexing stops and leaves no chunks behind.",
    access: "editor",
    request: { params: DocumentParams },
    responses: { 204: noContent("Deleted"), 404: apiError("No such knowledge base, or no such document in it") },
  },
  {
    method: "post",
    path: "/api/knowledge/{id}/reindex",
    tag,
    summary: "Index every document again (after changing chunk sizes or the embedding model)",
    access: "editor",
    request: { params: IdParams },
    responses: { 202: jsonResponse("Queued", z.object({ queued: z.number() })), 404: noBase },
  },
  {
    method: "post",
    path: "/api/knowledge/{id}/search",
    tag,
    summary: "Search a knowledge base: the chunks nearest to a query, filtered and cut at a least score",
    access: "viewer",
    request: { params: IdParams, body: jsonBody(KnowledgeQuery) },
    responses: { 200: jsonResponse("Best first", z.object({ chunks: z.array(Chunk) })), 404: noBase },
  },
];
