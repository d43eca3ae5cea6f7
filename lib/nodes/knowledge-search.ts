/**
 * Knowledge Search: finds the passages of a knowledge base (the Knowledge page) nearest to a query — as a tool an
 * agent searches with (registry kind "knowledge", lib/tools/knowledge-tool.ts), or once on the canvas with its Query
 * input. Each chunk comes with its document, chunk number and score, so an answer can cite them and the run view
 * shows which were used. Narrowed by document names or the documents' metadata, and cut at a least score.
 */
import { z } from "zod";
import { findKnowledgeBase } from "../knowledge/knowledge-store";
import { searchKnowledge, type KnowledgeChunk } from "../knowledge/search";
import { KNOWLEDGE_SEARCH_TYPE } from "../tools/knowledge-tool-shape";
import { defineComponent } from "./types";

/** The chunks as one text a model reads: each numbered, with where it came from. */
const asContext = (chunks: KnowledgeChunk[]) =>
  chunks.length === 0
    ? "No passage of the knowledge base matches."
    : chunks
        .map(
          (chunk, index) =>
            `[${index + 1}] ${chunk.document}, chunk ${chunk.chunk} (score ${chunk.score}):\n${chunk.text}`,
        )
        .join("\n\n");

export const knowledgeSearch = defineComponent({
  id: KNOWLEDGE_SEARCH_TYPE,
  label: "Knowledge Search",
  category: "Data",
  icon: "book-open",
  description: "Finds the passages of a knowledge base nearest to a query, with their documents and scores.",
  inputs: [{ name: "query", label: "Query", schema: { type: "string", description: "What to search for" } }],
  outputs: [
    { name: "chunks", label: "Chunks", schema: { type: "array" } },
    { name: "text", label: "Passages", schema: { type: "string" } },
  ],
  fields: [
    {
      name: "knowledgeBase",
      label: "Knowledge base",
      kind: "text",
      required: true,
      placeholder: "handbook",
      help: "The knowledge base's name, as the Knowledge page lists it.",
    },
    { name: "topK", label: "Results", kind: "number", placeholder: "5", help: "How many chunks at most (1–50)." },
    {
      name: "minScore",
      label: "Least score",
      kind: "number",
      placeholder: "none",
      help: "Leave out chunks less similar than this (cosine similarity, −1 to 1).",
    },
    {
      name: "documents",
      label: "Only documents",
      kind: "string-list",
      help: "Search only documents with these names.",
    },
    { name: "metadata", label: "Metadata filter", kind: "key-value", placeholder: "team" },
  ],
  tool: {
    name: "search_knowledge",
    description: "Search a knowledge base for passages relevant to a query (in a run, its base describes it).",
    agentInputs: ["query"],
  },
  params: z.object({
    knowledgeBase: z.string().trim().min(1, "Knowledge base is required"),
    topK: z.number().int().min(1, "topK: at least 1").max(50, "topK: at most 50").default(5),
    minScore: z.number().min(-1).max(1).optional(),
    documents: z.array(z.string()).default([]),
    metadata: z.record(z.string(), z.string()).default({}),
    query: z.string().default(""),
  }),
  harmlessToRepeat: true,
  async execute({ params, signal }) {
    const base = await findKnowledgeBase(params.knowledgeBase);
    if (!base) throw new Error(`knowledgeBase: there is no knowledge base named "${params.knowledgeBase}"`);
    const filter = {
      ...(params.documents.length > 0 ? { documents: params.documents } : {}),
      ...(Object.keys(params.metadata).length > 0 ? { metadata: params.metadata } : {}),
    };
    const chunks = await searchKnowledge(
      base,
      { query: params.query, topK: params.topK, minScore: params.minScore, filter },
      signal,
    );
    return { chunks, text: asContext(chunks) };
  },
});
