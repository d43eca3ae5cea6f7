/**
 * Splits a document's text into chunks with LangChain's recursive character splitter: it cuts at paragraphs, then
 * lines, then sentences and words, so a chunk is as whole as its size allows; Markdown is cut at headings first.
 * Sizes are in characters, per knowledge base.
 */
import { MarkdownTextSplitter, RecursiveCharacterTextSplitter } from "@langchain/textsplitters";
import type { DocumentType } from "./extract-text";

export type ChunkSizes = { chunkSize: number; chunkOverlap: number };

export async function splitText(text: string, type: DocumentType, sizes: ChunkSizes): Promise<string[]> {
  const splitter =
    type === "text/markdown" ? new MarkdownTextSplitter(sizes) : new RecursiveCharacterTextSplitter(sizes);
  const chunks = await splitter.splitText(text);
  return chunks.map((chunk) => chunk.trim()).filter((chunk) => chunk !== "");
}
