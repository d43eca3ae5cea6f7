/**
 * The knowledge-base passages a run used, for the run view's Sources: each search an agent made through a Knowledge
 * Search tool (its call's result) and each Knowledge Search node's output, with the chunks it found (document, chunk
 * number, score, text). Pure, so the same events give the same sources live and on reload; read without a schema
 * library, which the run view's bundle does without (components/page-bundles.test.ts).
 */
import type { RunEvent } from "@/lib/runs/events";
import { isRecord } from "@/lib/validation/is-record";
import type { ToolCallView } from "./derive-run-state";

export type Citation = { document: string; chunk: number; score: number; text: string };

/** A found chunk as the run view shows it (its four fields only), or undefined when the value is not one. */
function citationOf(value: unknown): Citation | undefined {
  if (!isRecord(value)) return undefined;
  const { document, chunk, score, text } = value;
  if (typeof document !== "string" || typeof chunk !== "number" || typeof score !== "number") return undefined;
  return typeof text === "string" ? { document, chunk, score, text } : undefined;
}

/** One search: who searched (the agent, or the node itself), through which Knowledge Search node, for what. */
export type CitationGroup = {
  key: string;
  searchNodeId: string;
  agentNodeId?: string;
  query?: string;
  chunks: Citation[];
};

/** The chunks of a search's answer: a tool call's result arrives as the JSON text the gateway returned. */
function chunksOf(value: unknown): Citation[] | undefined {
  let parsed = value;
  if (typeof value === "string") {
    try {
      parsed = JSON.parse(value);
    } catch {
      return undefined;
    }
  }
  const chunks = (parsed as { chunks?: unknown } | null)?.chunks;
  if (!Array.isArray(chunks)) return undefined;
  const citations = chunks.map(citationOf);
  return citations.every((citation) => citation !== undefined) ? (citations as Citation[]) : undefined;
}

const queryOf = (args: unknown) => {
  const query = (args as { query?: unknown } | null)?.query;
  return typeof query === "string" ? query : undefined;
};

/** The searches of the run in the order they happened: agents' tool calls first, then the nodes that searched. */
export function deriveCitations(
  calls: ToolCallView[],
  events: RunEvent[],
  searchNodeIds: ReadonlySet<string>,
): CitationGroup[] {
  const fromCalls = calls.flatMap((call): CitationGroup[] => {
    if (call.state !== "finished" || call.isError || !call.toolNodeId || !searchNodeIds.has(call.toolNodeId)) return [];
    const chunks = chunksOf(call.result);
    if (!chunks) return [];
    const query = queryOf(call.editedArgs ?? call.args);
    return [{ key: call.callId, searchNodeId: call.toolNodeId, agentNodeId: call.agentNodeId, query, chunks }];
  });
  const fromNodes = events.flatMap((event): CitationGroup[] => {
    if (event.type !== "node.completed" || !searchNodeIds.has(event.payload.nodeId)) return [];
    const chunks = chunksOf(event.payload.output);
    return chunks ? [{ key: `node:${event.seq}`, searchNodeId: event.payload.nodeId, chunks }] : [];
  });
  return [...fromCalls, ...fromNodes];
}
