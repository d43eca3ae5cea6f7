/** The workflow graph the editor saves and every boundary validates. */
import { z } from "zod";
import { NodeGroup, StickyNote } from "./canvas-annotations";
import { PinnedData } from "./pinned-data";
import { NodeRetry, OnError } from "./resilience";
import { TOOL_NAME_PATTERN } from "./tool-fields";
import { MAX_APPROVAL_TIMEOUT_SECONDS } from "./constants";

export const NodeMode = z.enum(["normal", "tool"]);
export type NodeMode = z.infer<typeof NodeMode>;

export const ToolConfig = z.object({
  /** Inputs the agent fills when it calls the tool; every other input is bound from params or upstream edges. */
  exposedInputIds: z.array(z.string()).optional(),
  /** The name the model sees, set when the node is first put into tool mode; renaming the label leaves it. */
  toolName: z.string().regex(TOOL_NAME_PATTERN, "toolName: use 1 to 64 letters, digits, _ or -").optional(),
  /** Each call waits for a person to approve it (or edit its arguments) in the run view. */
  requiresApproval: z.boolean().optional(),
  /** With no decision in this time the call is denied. */
  approvalTimeoutSeconds: z
    .number()
    .int("must be a whole number of seconds")
    .min(5, "must be at least 5 seconds")
    .max(MAX_APPROVAL_TIMEOUT_SECONDS, `must be at most ${MAX_APPROVAL_TIMEOUT_SECONDS} seconds`)
    .optional(),
});
export type ToolConfig = z.infer<typeof ToolConfig>;

export const WorkflowNode = z.object({
  id: z.string().min(1, "node id is empty"),
  type: z.string().min(1, "component type is empty"),
  position: z.object({ x: z.number(), y: z.number() }),
  data: z.object({
    label: z.string(),
    mode: NodeMode.default("normal"),
    params: z.record(z.string(), z.unknown()).default({}),
    toolConfig: ToolConfig.optional(),
    /** Fails the node when it runs longer than this many seconds. */
    timeoutSeconds: z
      .number()
      .int()
      .min(1)
      .max(7 * 24 * 3600)
      .optional(),
    /** Tries the node's work again when it fails (lib/workflow/resilience.ts). */
    retry: NodeRetry.optional(),
    /**
     * What a failure (after the last try) does: stop the run (default), hand the error on, or feed the `error` handle.
     */
    onError: OnError.optional(),
    /** Output kept for test runs from the editor; production runs ignore it (lib/workflow/pinned-data.ts). */
    pinned: PinnedData.optional(),
  }),
});
export type WorkflowNode = z.infer<typeof WorkflowNode>;

export const WorkflowEdge = z.object({
  id: z.string().min(1, "edge id is empty"),
  source: z.string(),
  sourceHandle: z.string(),
  target: z.string(),
  targetHandle: z.string(),
});
export type WorkflowEdge = z.infer<typeof WorkflowEdge>;

export const WorkflowGraph = z.object({
  nodes: z.array(WorkflowNode),
  edges: z.array(WorkflowEdge),
  mcpServers: z.record(z.string(), z.unknown()).optional(),
  /** Sticky notes and groups on the canvas (canvas-annotations.ts); the compiler ignores them. */
  notes: z.array(StickyNote).optional(),
  groups: z.array(NodeGroup).optional(),
  settings: z
    .object({
      /** A run of this workflow fails when it takes longer (default one hour). */
      runTimeoutSeconds: z
        .number()
        .int()
        .min(1)
        .max(7 * 24 * 3600)
        .optional(),
      /**
       * Another workflow started (trigger "error") when a run of this one fails; never for a run that is itself an
       * error workflow's.
       */
      errorWorkflowId: z.string().min(1, "name a workflow").optional(),
      /**
       * A run of this workflow fails once its model calls have cost more than this, in US dollars, by the price table
       * (lib/settings/model-price-table.ts).
       */
      costBudgetUsd: z
        .number()
        .positive("costBudgetUsd: more than 0")
        .max(1_000_000, "costBudgetUsd: at most 1000000")
        .optional(),
      /** At most this many runs of the workflow at once; more wait `queued`, in order (lib/runs/run-gate.ts). */
      maxConcurrentRuns: z
        .number()
        .int("maxConcurrentRuns: a whole number")
        .min(1, "maxConcurrentRuns: at least 1")
        .max(1000, "maxConcurrentRuns: at most 1000")
        .optional(),
      /** Offered as a tool on /api/mcp/workflows, under this name and description. */
      mcp: z
        .object({
          expose: z.boolean().default(false),
          toolName: z
            .string()
            .regex(/^[A-Za-z0-9_-]{1,64}$/, "a tool name uses letters, digits, _ and - (at most 64)")
            .optional(),
          description: z.string().max(1000).optional(),
        })
        .optional(),
      /** Offered as an A2A agent at /api/a2a/{id} (its Agent Card at …/.well-known/agent-card.json). */
      a2a: z.object({ expose: z.boolean().default(false), description: z.string().max(1000).optional() }).optional(),
    })
    .optional(),
});
export type WorkflowGraph = z.infer<typeof WorkflowGraph>;

/**
 * Turns zod issues into messages that name the node or edge at fault,
 * e.g. `node "agent-1": data.label: expected string`.
 */
export function describeGraphIssues(graph: unknown, issues: z.core.$ZodIssue[]): string[] {
  const raw = (graph ?? {}) as { nodes?: { id?: unknown }[]; edges?: { id?: unknown }[] };
  return issues.map((issue) => {
    const [collection, index, ...rest] = issue.path;
    const items = collection === "nodes" ? raw.nodes : collection === "edges" ? raw.edges : undefined;
    if (items && typeof index === "number") {
      const id = items[index]?.id;
      const kind = collection === "nodes" ? "node" : "edge";
      const who = `${kind} ${typeof id === "string" ? JSON.stringify(id) : `#${index}`}`;
      return `${who}: ${rest.length ? rest.join(".") + ": " : ""}${issue.message}`;
    }
    return `${issue.path.join(".") || "graph"}: ${issue.message}`;
  });
}

export type GraphParseResult = { ok: true; graph: WorkflowGraph } | { ok: false; errors: string[] };

/** Validates untrusted graph JSON (route bodies, imports, action inputs). */
export function parseGraph(input: unknown): GraphParseResult {
  const parsed = WorkflowGraph.safeParse(input);
  return parsed.success
    ? { ok: true, graph: parsed.data }
    : { ok: false, errors: describeGraphIssues(input, parsed.error.issues) };
}

export const emptyGraph = (): WorkflowGraph => ({ nodes: [], edges: [] });
