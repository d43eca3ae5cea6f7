/**
 * Where expressions and code run: a pool of small child processes (lib/sandbox/process-boxes.ts), never the engine's
 * thread. Each box has a 64 MiB heap (V8 lets one huge allocation overshoot it before the box dies: a 200 M-character
 * string peaks near 200 MB) and an empty environment; each task a wall-clock limit kept from outside (the box running
 * it is killed, which also stops a catastrophic regex). Started by the first evaluation (a worker that never
 * evaluates starts no box), it then keeps two warm.
 */
import { fileURLToPath } from "node:url";
import { createProcessBoxes, type BoxStop } from "../sandbox/process-boxes";

/** The heap an evaluation box may use; past it, the box dies and its task fails. */
export const EVALUATION_MEMORY_MIB = 64;

const boxes = createProcessBoxes({
  name: "evaluation",
  filename: fileURLToPath(new URL("./evaluation-child.mjs", import.meta.url)),
  memoryMiB: EVALUATION_MEMORY_MIB,
  // Kept warm: one for everyday work, one more so a box burning its budget does not make the next evaluation wait.
  warmBoxes: 2,
  // Enough that a few evaluations burning their whole budget leave boxes for everyone else.
  maxBoxes: 4,
  idleMs: 30_000,
  // A deeper stack than V8's default (within Linux's 8 MiB) so QuickJS's own overflow check comes first
  // (run-quickjs.mjs).
  execArgv: ["--max-semi-space-size=8", "--stack-size=7000"],
});

export type EvaluationTask =
  | { kind: "jsonata"; expression: string; input: unknown; runInput: unknown }
  | { kind: "code"; code: string; input: unknown; timeMs: number; memoryBytes: number }
  | { kind: "regex"; pattern: string; flags?: string; text: string };

/** The box's answer; a mistake in what the person wrote is `ok: false` with a message (and the Code line). */
export type EvaluationAnswer = { ok: true; value: unknown } | { ok: false; message: string; line?: number };

export const formatTimeLimit = (ms: number) => (ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`);

/** What a box's end means for the person: the limit it passed. */
function stoppedAnswer(subject: string, timeMs: number, stop: BoxStop): EvaluationAnswer {
  if (stop.kind === "deadline")
    return { ok: false, message: `${subject} ran longer than ${formatTimeLimit(timeMs)} and was stopped` };
  if (stop.kind === "memory")
    return { ok: false, message: `${subject} used more than ${EVALUATION_MEMORY_MIB} MiB of memory and was stopped` };
  return { ok: false, message: `${subject} could not be evaluated: ${stop.message}` };
}

/**
 * Runs `task` in a box, stopped `timeMs` (+ `graceMs`, for a task that keeps its own deadline)
 * after it starts there: time queued behind busy boxes does not count. `subject` names what ran
 * in the messages ("The expression ran longer than 2 s"). The caller's `signal` (the run stopping)
 * ends it too, and rejects with the signal's reason.
 */
export async function evaluateInBox(
  task: EvaluationTask,
  options: { subject: string; timeMs: number; graceMs?: number; signal?: AbortSignal },
): Promise<EvaluationAnswer> {
  const outcome = await boxes.run<EvaluationAnswer>(task, options);
  return outcome.ok ? outcome.value : stoppedAnswer(options.subject, options.timeMs, outcome.stop);
}
