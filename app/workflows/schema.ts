/**
 * What the workflow server actions accept and answer. Kept apart from actions.ts, which may export only async
 * functions.
 */
import { z } from "zod";
import type { Problem } from "@/lib/workflow/compile";

export const WorkflowId = z.string({ error: "workflow id must be a string" }).trim().min(1, "workflow id is empty");

export const WorkflowName = z
  .string({ error: "name must be a string" })
  .trim()
  .min(1, "name: give the workflow a name")
  .max(200, "name: keep it under 200 characters");

/**
 * The editor's save. `graph` is JSON text (lib/workflow/json-text.ts): a server action's arguments are otherwise
 * encoded value by value on the browser's main thread, which held a 5,000-node editor ~120 ms at every autosave.
 */
export const SaveWorkflowInput = z.object({
  name: WorkflowName,
  /** Parsed here; checked separately with parseGraph, whose messages name the node or edge at fault. */
  graph: z.string({ error: "graph: expected the graph as JSON text" }).transform((text, context) => {
    try {
      return JSON.parse(text) as unknown;
    } catch (error) {
      context.addIssue({ code: "custom", message: `graph: not valid JSON (${(error as Error).message})` });
      return z.NEVER;
    }
  }),
});
/** What the editor sends (as it stands before the server parses it). */
export type SaveWorkflowInput = z.input<typeof SaveWorkflowInput>;

/**
 * `version` is the stored workflow's version after the save; `conflict` says someone else saved first (their version).
 */
export type SaveWorkflowResult =
  { ok: true; version: string } | { ok: false; errors: string[]; conflict?: { version: string } };

/** The version the editor's graph is based on (an ISO time); null overwrites whatever is stored. */
export const ExpectedVersion = z.string().datetime().nullable().optional();

/**
 * A successful run never answers: the action redirects to the run view. `saved` tells the editor the graph was stored.
 */
export type RunWorkflowResult = { ok: false; saved: boolean; errors: Problem[]; conflict?: { version: string } };

/** A run (or test run) that did not start because the save before it failed: the save's errors, and its conflict. */
export function unsavedRun(saved: Extract<SaveWorkflowResult, { ok: false }>): RunWorkflowResult {
  return {
    ok: false,
    saved: false,
    errors: saved.errors.map((message) => ({ message })),
    ...(saved.conflict ? { conflict: saved.conflict } : {}),
  };
}

/** What the workflow list's actions answer (import redirects to the new workflow on success). */
export type ListActionResult = { ok: true } | { ok: false; errors: string[] };
