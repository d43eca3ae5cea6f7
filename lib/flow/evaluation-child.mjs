/**
 * The entry of an evaluation process (evaluation-pool.ts): one JSONata expression, Code body or
 * regex test per task, each in a fresh context. Plain JavaScript importing its packages directly,
 * so tsx, vitest and the bench load it alike. Answers `{ ok: true, value }` or
 * `{ ok: false, message, line? }`: a mistake in what the person wrote is an answer, not a dead box.
 */
import { setPriority } from "node:os";
import { dropPrivileges } from "../sandbox/drop-privileges.mjs";
import { evaluateJsonata } from "./evaluate-jsonata.mjs";
import { loadQuickJs, runQuickJs } from "./run-quickjs.mjs";

// Untrusted work yields the CPU to the engine (about 2:1 against it). Not lower: measured, at nice 10
// a box beside two busy processes got a tenth of a core and ordinary evaluations missed their limits.
setPriority(3);
// QuickJS loads as the box starts (not with a task, whose time limit is spent on its own work), while the box can
// still read it; then the box stops being the worker's user.
await loadQuickJs();
dropPrivileges();

/** @param {{ kind: string } & Record<string, any>} task */
export default async function evaluate(task) {
  // The caller's deadline counts from here, not from when the task was queued (evaluation-deadline.ts).
  process.send?.({ evaluationStarted: true });
  switch (task.kind) {
    case "jsonata":
      return evaluateJsonata(task);
    case "code":
      return runQuickJs(task);
    case "regex":
      return { ok: true, value: new RegExp(task.pattern, task.flags).test(task.text) };
    default:
      return { ok: false, message: `Unknown evaluation kind ${JSON.stringify(task.kind)}` };
  }
}
