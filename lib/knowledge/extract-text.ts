/**
 * A document's text, whatever it came as: plain text and Markdown as they are; HTML and PDF parsed in a box with a
 * budget (parse-document.ts), by the worker that indexes them. Anything else is refused naming the media type, so an
 * upload never turns into an empty or garbled document silently.
 */
import { parseDocumentInBox, UnreadableDocumentError } from "./parse-document";

export { UnreadableDocumentError };

export const DOCUMENT_TYPES = ["text/plain", "text/markdown", "text/html", "application/pdf"] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** The media type a name or a server's Content-Type says; undefined when it is none of ours. */
export function documentTypeOf(name: string, contentType?: string): DocumentType | undefined {
  const type = contentType?.split(";")[0].trim().toLowerCase();
  if (type && (DOCUMENT_TYPES as readonly string[]).includes(type)) return type as DocumentType;
  if (type === "text/x-markdown" || /\.(md|markdown)$/i.test(name)) return "text/markdown";
  if (type === "application/xhtml+xml" || /\.html?$/i.test(name)) return "text/html";
  if (/\.pdf$/i.test(name)) return "application/pdf";
  if (type?.startsWith("text/") || /\.txt$/i.test(name) || !type) return "text/plain";
  return undefined;
}

/** Whether a document's bytes must be parsed (in a box) before it has text. */
export const needsParsing = (type: string): type is "text/html" | "application/pdf" =>
  type === "text/html" || type === "application/pdf";

/** Refuses a document with nothing to index; its text otherwise. */
export function checkedText(text: string, type: string): string {
  if (text.trim() === "") throw new UnreadableDocumentError(`The document has no text to index (${type})`);
  return text;
}

/** The text of a document's bytes; refused with a reason when there is none to index or it could not be parsed. */
export async function extractText(bytes: Uint8Array, type: DocumentType, signal?: AbortSignal): Promise<string> {
  const text = needsParsing(type) ? await parseDocumentInBox(bytes, type, signal) : new TextDecoder().decode(bytes);
  return checkedText(text, type);
}
