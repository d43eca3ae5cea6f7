/**
 * The workflow language's names and limits, free of zod: the schemas (graph.ts, resilience.ts,
 * canvas-annotations.ts, run-input-schema.ts) build on them, and the server and the browser read them
 * here alike, so the editor's bundle carries no schema library (components/page-bundles.test.ts).
 */

/** A tool-mode node's handle, and the agent's handle it is wired into. */
export const TOOL_HANDLE = "tool";
export const TOOLS_HANDLE = "tools";

/** True for an edge that wires a tool-mode node into an agent's `tools` handle. */
export function isToolEdge(edge: { sourceHandle?: string | null; targetHandle?: string | null }): boolean {
  return edge.sourceHandle === TOOL_HANDLE || edge.targetHandle === TOOLS_HANDLE;
}

/** The longest a call may wait for a person: the agent's HTTP request to the gateway must answer within 5 minutes. */
export const MAX_APPROVAL_TIMEOUT_SECONDS = 240;
export const DEFAULT_APPROVAL_TIMEOUT_SECONDS = 120;

/** The handle an `errorOutput` node gets: fed only when the node failed, and then its only output. */
export const ERROR_HANDLE = "error";
export const MAX_TRIES = 10;
/**
 * The longest one wait between tries may be, whatever waitMs, backoff or a server's Retry-After ask for (a waiting node
 * holds a run slot).
 */
export const MAX_RETRY_WAIT_MS = 5 * 60_000;

export const ANNOTATION_COLORS = ["yellow", "blue", "green", "pink", "purple", "gray"] as const;

/** Why a test run skips a node: it is not part of what was asked (the event says so; the canvas shows no badge). */
export const LEFT_OUT_REASON = "not part of this test run";

/** The types an Entry's input field may have, and the names it may take. */
export const INPUT_FIELD_TYPES = ["string", "number", "boolean", "json"] as const;
export const INPUT_FIELD_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*$/;
