/**
 * A document's text, whatever it came as: plain text and Markdown as they are, HTML through html-to-text (scripts,
 * styles and images dropped, links kept as text), PDF through unpdf (pdf.js, every page). Anything else is refused
 * naming the media type, so an upload never turns into an empty or garbled document silently.
 */
import { convert } from "html-to-text";
import { extractText as extractPdfText, getDocumentProxy } from "unpdf";

export const DOCUMENT_TYPES = ["text/plain", "text/markdown", "text/html", "application/pdf"] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

export class UnreadableDocumentError extends Error {}

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

const htmlToText = (html: string) =>
  convert(html, {
    wordwrap: false,
    selectors: [
      { selector: "img", format: "skip" },
      { selector: "a", options: { ignoreHref: true } },
    ],
  });

async function pdfToText(bytes: Uint8Array): Promise<string> {
  try {
    // pdf.js takes a plain Uint8Array, not a Buffer (a copy: it detaches what it is given).
    const pdf = await getDocumentProxy(new Uint8Array(bytes));
    const { text } = await extractPdfText(pdf, { mergePages: false });
    return text.join("\n\n");
  } catch (error) {
    throw new UnreadableDocumentError(`The PDF could not be read: ${error instanceof Error ? error.message : error}`);
  }
}

/** The text of a document's bytes; refused with a reason when there is none to index. */
export async function extractText(bytes: Uint8Array, type: DocumentType): Promise<string> {
  const text =
    type === "application/pdf"
      ? await pdfToText(bytes)
      : type === "text/html"
        ? htmlToText(new TextDecoder().decode(bytes))
        : new TextDecoder().decode(bytes);
  if (text.trim() === "") throw new UnreadableDocumentError(`The document has no text to index (${type})`);
  return text;
}
