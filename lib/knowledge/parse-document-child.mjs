/**
 * The entry of a document-parsing box (parse-document.ts): one uploaded or fetched HTML or PDF document's text per
 * task, through html-to-text (scripts, styles and images dropped, links kept as text) or unpdf (pdf.js, every page).
 * Plain JavaScript importing its packages directly, so tsx, vitest and the workers load it alike. Answers
 * `{ ok: true, text }` or `{ ok: false, message }` for a document the parser refuses.
 */
import { setPriority } from "node:os";
import { convert } from "html-to-text";
import { extractText, getDocumentProxy, getResolvedPDFJS } from "unpdf";
import { dropPrivileges } from "../sandbox/drop-privileges.mjs";

// Untrusted work yields the CPU to the engine, as the evaluation boxes do.
setPriority(3);
// pdf.js loads with the box, while the box can still read it; then the box stops being the worker's user.
await getResolvedPDFJS();
dropPrivileges();

const htmlToText = (html) =>
  convert(html, {
    wordwrap: false,
    selectors: [
      { selector: "img", format: "skip" },
      { selector: "a", options: { ignoreHref: true } },
    ],
  });

async function pdfToText(bytes) {
  try {
    // pdf.js takes a plain Uint8Array, not a Buffer (a copy: it detaches what it is given).
    const pdf = await getDocumentProxy(new Uint8Array(bytes));
    const { text } = await extractText(pdf, { mergePages: false });
    return { ok: true, text: text.join("\n\n") };
  } catch (error) {
    return { ok: false, message: `The PDF could not be read: ${error instanceof Error ? error.message : error}` };
  }
}

/** @param {{ type: "text/html" | "application/pdf", bytes: Uint8Array }} task */
export default async function parseDocument(task) {
  // The caller's deadline counts from here, not from when the task was queued.
  process.send?.({ started: true });
  if (task.type === "application/pdf") return pdfToText(task.bytes);
  return { ok: true, text: htmlToText(new TextDecoder().decode(task.bytes)) };
}
