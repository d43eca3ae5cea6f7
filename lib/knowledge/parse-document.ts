/**
 * Parsing an uploaded or fetched HTML or PDF document is untrusted work: a hostile file can loop or eat memory. It
 * runs in a box of its own (a child process, lib/sandbox/process-boxes.ts) with a heap limit and a wall-clock limit
 * kept from outside, so such a document fails with the limit it passed while the worker goes on indexing the next.
 * The budget is `SWITCHBOARD_KNOWLEDGE_PARSE_SECONDS` (default 60) and `SWITCHBOARD_KNOWLEDGE_PARSE_MIB` (default
 * 512), read when the first box starts.
 */
import { fileURLToPath } from "node:url";
import { createProcessBoxes, type BoxStop } from "../sandbox/process-boxes";

export type ParsedDocumentType = "text/html" | "application/pdf";

export class UnreadableDocumentError extends Error {}

const positive = (value: string | undefined, fallback: number) => {
  const number = Number(value);
  return Number.isFinite(number) && number > 0 ? number : fallback;
};

/** The budget of one document's parsing. */
export function parseBudget() {
  return {
    seconds: positive(process.env.SWITCHBOARD_KNOWLEDGE_PARSE_SECONDS, 60),
    memoryMiB: positive(process.env.SWITCHBOARD_KNOWLEDGE_PARSE_MIB, 512),
  };
}

let boxes: ReturnType<typeof createProcessBoxes> | undefined;

function parsingBoxes() {
  boxes ??= createProcessBoxes({
    name: "document parsing",
    filename: fileURLToPath(new URL("./parse-document-child.mjs", import.meta.url)),
    memoryMiB: parseBudget().memoryMiB,
    // Documents are few and far between: no box is kept warm; two at a time, as the knowledge worker indexes.
    warmBoxes: 0,
    maxBoxes: 2,
    idleMs: 30_000,
  });
  return boxes;
}

function stopReason(stop: BoxStop, kind: string, { seconds, memoryMiB }: ReturnType<typeof parseBudget>): string {
  if (stop.kind === "deadline") return `Parsing the ${kind} took longer than ${seconds} s and was stopped`;
  if (stop.kind === "memory")
    return `Parsing the ${kind} ran out of memory (more than ${memoryMiB} MiB) and was stopped`;
  return `The ${kind} could not be parsed: ${stop.message}`;
}

/** The text of an HTML or PDF document, parsed in a box; refused with the reason when it cannot be. */
export async function parseDocumentInBox(
  bytes: Uint8Array,
  type: ParsedDocumentType,
  signal?: AbortSignal,
): Promise<string> {
  const budget = parseBudget();
  const timeMs = budget.seconds * 1000;
  const outcome = await parsingBoxes().run<{ ok: true; text: string } | { ok: false; message: string }>(
    { type, bytes },
    { timeMs, signal },
  );
  const kind = type === "application/pdf" ? "PDF" : "HTML";
  if (!outcome.ok) throw new UnreadableDocumentError(stopReason(outcome.stop, kind, budget));
  if (!outcome.value.ok) throw new UnreadableDocumentError(outcome.value.message);
  return outcome.value.text;
}
