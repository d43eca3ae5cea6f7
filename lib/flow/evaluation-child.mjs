/**
 * The entry of an evaluation process (evaluation-pool.ts): one JSONata expression, Code body or
 * regex test per task, each in a fresh context. Plain JavaScript importing its packages directly,
 * so tsx, vitest and the bench load it alike. Answers `{ ok: true, value }` or
 * `{ ok: false, message, line? }`: a mistake in what the person wrote is an answer, not a dead box.
 */
import { setPriority } from "node:os";
import { evaluateJsonata } from "./evaluate-jsonata.mjs";
import { loadQuickJs, runQuickJs } from "./run-quickjs.mjs";

/** Untrusted work runs below the engine; a long task is pushed lower still from outside (box-priority.ts). */
const BOX_PRIORITY = 10;

function restorePriority() {
  try {
    setPriority(BOX_PRIORITY);
  } catch {
    // Raising priority back needs privileges a box may lack: it then stays low, which is safe.
  }
}
restorePriority();

/** @param {{ kind: string } & Record<string, any>} task */
export default async function evaluate(task) {
  restorePriority();
  // QuickJS loads with the first Code task (most boxes only ever see JSONata); its time limit is spent on the code, not on loading.
  if (task.kind === "code") await loadQuickJs();
  // The caller's deadline counts from here, not from when the task was queued (evaluation-deadline.ts).
  process.send?.({ evaluationStarted: true, pid: process.pid });
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
