/** What the editor's test-run actions answer (kept apart: an actions file may export only async functions). */
import type { LatestOutput } from "@/lib/runs/recorded-outputs";
import type { Problem } from "@/lib/workflow/compile";

/** A started test run, and the version the save before it stored; or why it did not start. */
export type TestRunResult =
  | { ok: true; runId: string; version: string }
  | { ok: false; saved: boolean; errors: Problem[]; conflict?: { version: string } };

/** The latest output of each node of the workflow (editor's input/output panel). */
export type NodeDataResult = { ok: true; outputs: LatestOutput[] } | { ok: false; errors: string[] };
