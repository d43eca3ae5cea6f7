/**
 * Adding a document to a knowledge base, from what the API was sent: text, a file's bytes in base64 (PDF, HTML…), or
 * a URL fetched now through the guarded fetch (the address policy, at most 10 MB, 30 s). Text and Markdown are kept as
 * they are; an HTML or PDF document's bytes are kept for the worker to parse in a box when it indexes them (parsing is
 * untrusted work, never done on the web server). Then an index job is queued; the answer is the document, queued, for
 * the page to follow.
 */
import { z } from "zod";
import { guardedFetch } from "../net/guarded-fetch";
import { checkedText, documentTypeOf, needsParsing, UnreadableDocumentError, type DocumentType } from "./extract-text";
import { addIndexJobs } from "./knowledge-queue";
import { putDocument, type KnowledgeBaseView, type KnowledgeDocumentView } from "./knowledge-store";

const MAX_FETCH_BYTES = 10 * 1024 * 1024;
const FETCH_TIMEOUT_MS = 30_000;

export const DocumentUpload = z
  .object({
    name: z.string().trim().min(1, "name: give the document a name").max(200, "name: at most 200 characters"),
    text: z.string().optional().meta({ description: "The document's text (plain, Markdown or HTML)" }),
    contentBase64: z.string().optional().meta({ description: "A file's bytes in base64 (a PDF, say)" }),
    url: z.url({ error: "url: must be an http(s) URL" }).optional().meta({ description: "Fetch the document here" }),
    mediaType: z.string().optional().meta({ description: "text/plain, text/markdown, text/html or application/pdf" }),
    metadata: z.record(z.string(), z.string()).default({}),
  })
  .refine((upload) => [upload.text, upload.contentBase64, upload.url].filter((x) => x !== undefined).length === 1, {
    message: "Send exactly one of text, contentBase64 or url",
  });
export type DocumentUpload = z.infer<typeof DocumentUpload>;

async function fetchDocument(url: string): Promise<{ bytes: Uint8Array; contentType?: string }> {
  const response = await guardedFetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
  if (!response.ok) throw new UnreadableDocumentError(`url: ${url} answered ${response.status}`);
  const declared = Number(response.headers.get("content-length") ?? 0);
  if (declared > MAX_FETCH_BYTES)
    throw new UnreadableDocumentError(`url: the document is over ${MAX_FETCH_BYTES} bytes`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (bytes.byteLength > MAX_FETCH_BYTES)
    throw new UnreadableDocumentError(`url: the document is over ${MAX_FETCH_BYTES} bytes`);
  return { bytes, contentType: response.headers.get("content-type") ?? undefined };
}

async function contentOf(upload: DocumentUpload): Promise<{ bytes: Uint8Array; type: DocumentType; source: string }> {
  const { bytes, contentType, source } =
    upload.url !== undefined
      ? { ...(await fetchDocument(upload.url)), source: upload.url }
      : upload.text !== undefined
        ? { bytes: new TextEncoder().encode(upload.text), contentType: upload.mediaType, source: "upload" }
        : { bytes: Buffer.from(upload.contentBase64!, "base64"), contentType: upload.mediaType, source: "upload" };
  const type = documentTypeOf(upload.name, upload.url === undefined ? contentType : (upload.mediaType ?? contentType));
  if (!type)
    throw new UnreadableDocumentError(
      `mediaType: "${contentType}" is not a kind of document a knowledge base reads (text, Markdown, HTML, PDF)`,
    );
  return { bytes, type, source };
}

export async function addDocument(base: KnowledgeBaseView, upload: DocumentUpload): Promise<KnowledgeDocumentView> {
  const { bytes, type, source } = await contentOf(upload);
  const parsed = needsParsing(type);
  const document = await putDocument(base.id, {
    name: upload.name,
    source,
    mediaType: type,
    content: parsed ? "" : checkedText(new TextDecoder().decode(bytes), type),
    original: parsed ? bytes : null,
    metadata: upload.metadata,
  });
  await addIndexJobs([document.id]);
  return document;
}
