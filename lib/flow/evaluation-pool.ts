/**
 * Where expressions and code run: a pool of small child processes (tinypool), never the engine's
 * thread. Processes, not worker threads: V8 ends the whole process when one allocation passes a
 * thread's heap limit (a 200 M-character string does), so only a process boundary keeps the worker
 * alive. Each box has a heap limit (V8 lets one huge allocation overshoot it before the box dies: the
 * 200 M-character string peaks near 200 MB) and an empty environment; each task a wall-clock limit kept
 * from outside (the box running it is killed, which also stops a catastrophic regex). A box that
 * dies takes only its own task down; the pool starts another. Started by the first evaluation (a
 * worker that never evaluates starts no box), it then keeps two warm.
 */
import { fileURLToPath } from "node:url";
import Tinypool from "tinypool";
import { watchDeadline } from "./evaluation-deadline";

/** The heap an evaluation box may use; past it, the box dies and its task fails. */
export const EVALUATION_MEMORY_MIB = 64;
/**
 * Kept warm: one for everyday work, one more so a box burning its budget does not make the next evaluation wait for a
 * start.
 */
const WARM_BOXES = 2;
/** Enough that a few evaluations burning their whole budget leave boxes for everyone else. */
const MAX_BOXES = 4;
const IDLE_BOX_MS = 30_000;

export type EvaluationTask =
  | { kind: "jsonata"; expression: string; input: unknown; runInput: unknown }
  | { kind: "code"; code: string; input: unknown; timeMs: number; memoryBytes: number }
  | { kind: "regex"; pattern: string; flags?: string; text: string };

/** The box's answer; a mistake in what the person wrote is `ok: false` with a message (and the Code line). */
export type EvaluationAnswer = { ok: true; value: unknown } | { ok: false; message: string; line?: number };

let pool: Tinypool | undefined;

function evaluationPool(): Tinypool {
  if (pool) return pool;
  pool = new Tinypool({
    runtime: "child_process",
    filename: fileURLToPath(new URL("./evaluation-child.mjs", import.meta.url)),
    minThreads: WARM_BOXES,
    maxThreads: MAX_BOXES,
    idleTimeout: IDLE_BOX_MS,
    // Only the limits: none of the worker's loader flags, and none of its environment (keys, database URL).
    // A deeper stack than V8's default (within Linux's 8 MiB) so QuickJS's own overflow check comes first
    // (run-quickjs.mjs).
    execArgv: [`--max-old-space-size=${EVALUATION_MEMORY_MIB}`, "--max-semi-space-size=8", "--stack-size=7000"],
    env: {},
    serialization: "advanced",
  });
  // A box that dies with no task on it (a replacement failing at start, say) must not take the worker down.
  pool.on("error", (error: Error) => console.error(`[evaluation] a box failed: ${error.message}`));
  return pool;
}

export const formatTimeLimit = (ms: number) => (ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`);

type Stop = "deadline" | "caller";

/** What a box's end means for the person: the limit it passed. */
function stoppedAnswer(subject: string, timeMs: number, stop: Stop | undefined, error: unknown): EvaluationAnswer {
  if (stop === "deadline")
    return { ok: false, message: `${subject} ran longer than ${formatTimeLimit(timeMs)} and was stopped` };
  // A box has nothing else that ends it: V8 aborting past the heap limit is what "exited unexpectedly" means here.
  if (error instanceof Error && /exited unexpectedly/.test(error.message)) {
    return { ok: false, message: `${subject} used more than ${EVALUATION_MEMORY_MIB} MiB of memory and was stopped` };
  }
  return {
    ok: false,
    message: `${subject} could not be evaluated: ${error instanceof Error ? error.message : String(error)}`,
  };
}

/**
 * Tinypool can hand a queued task to a box that is being killed for another task's deadline; that task never had its
 * turn.
 */
const isBystander = (error: unknown, stop: AbortSignal) =>
  !stop.aborted && error instanceof Error && error.message === "Terminating worker thread";
const BYSTANDER_RETRIES = 2;

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
  for (let attempt = 0; ; attempt++) {
    const outcome = await evaluateOnce(task, options);
    if (outcome !== "bystander" || attempt === BYSTANDER_RETRIES)
      return outcome === "bystander"
        ? stoppedAnswer(options.subject, options.timeMs, undefined, new Error("its box was stopped"))
        : outcome;
  }
}

async function evaluateOnce(
  task: EvaluationTask,
  options: { subject: string; timeMs: number; graceMs?: number; signal?: AbortSignal },
): Promise<EvaluationAnswer | "bystander"> {
  const { subject, timeMs, graceMs = 0, signal } = options;
  signal?.throwIfAborted();
  const stop = new AbortController();
  const deadline = watchDeadline(timeMs + graceMs, () => stop.abort("deadline" satisfies Stop));
  const onCallerAbort = () => stop.abort("caller" satisfies Stop);
  signal?.addEventListener("abort", onCallerAbort, { once: true });
  // Messages the box sends besides its answer come through the task's channel: the one it sends is "started".
  const channel = { postMessage: deadline.started };
  try {
    return (await evaluationPool().run(task, { signal: stop.signal, channel })) as EvaluationAnswer;
  } catch (error) {
    if (stop.signal.reason === "caller") throw signal!.reason;
    if (isBystander(error, stop.signal)) return "bystander";
    return stoppedAnswer(subject, timeMs, stop.signal.reason as Stop | undefined, error);
  } finally {
    deadline.stop();
    signal?.removeEventListener("abort", onCallerAbort);
  }
}
