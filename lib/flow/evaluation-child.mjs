/**
 * The entry of an evaluation process (evaluation-pool.ts): one JSONata expression, Code body or
 * regex test per task, each in a fresh context. Plain JavaScript importing its packages directly,
 * so tsx, vitest and the bench load it alike. Answers `{ ok: true, value }` or
 * `{ ok: false, message, line? }`: a mistake in what the person wrote is an answer, not a dead box.
 */
import { setPriority } from "node:os";
import { evaluateJsonata } from "./evaluate-jsonata.mjs";
import { loadQuickJs, runQuickJs } from "./run-quickjs.mjs";

// Untrusted work yields the CPU to the engine (about 2:1 against it). Not lower: measured, at nice 10
// a box beside two busy processes got a tenth of a core and ordinary evaluations missed their limits.
setPriority(3);

/** @param {{ kind: string } & Record<string, any>} task */
export default async function evaluate(task) {
  // QuickJS loads with the first Code task (most boxes only ever see JSONata); its time limit is spent on the code, not
  // on loading.
  if (task.kind === "code") await loadQuickJs();
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
