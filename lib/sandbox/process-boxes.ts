/**
 * A pool of small child processes (tinypool) for untrusted work that runs JavaScript of ours on input we do not trust
 * (an expression, a Code body, a document to parse): never the engine's thread. Processes, not worker threads: V8 ends
 * the whole process when one allocation passes a thread's heap limit, so only a process boundary keeps the caller
 * alive. Each box has a heap limit and an empty environment; each task a wall-clock limit kept from outside (the box
 * running it is killed). A box that dies takes only its own task down; the pool starts another. The pool starts with
 * its first task. What a stopped task means for a person is the caller's to say, from the `BoxStop` it gets.
 */
import Tinypool from "tinypool";

export type ProcessBoxOptions = {
  /** The child's entry: a plain `.mjs` whose default export runs one task and that sends `{ started: true }`. */
  filename: string;
  /** The heap a box may use (`--max-old-space-size`); past it, the box dies and its task fails. */
  memoryMiB: number;
  warmBoxes: number;
  maxBoxes: number;
  idleMs: number;
  /** More flags for the child (never the parent's loader flags). */
  execArgv?: string[];
  /** Names the pool in the log when a box dies with no task on it. */
  name: string;
};

/** Why a task did not answer: its time ran out, its box died (past its heap), or another failure. */
export type BoxStop = { kind: "deadline" } | { kind: "memory" } | { kind: "failed"; message: string };
export type BoxOutcome<T> = { ok: true; value: T } | { ok: false; stop: BoxStop };
export type BoxRunOptions = { timeMs: number; graceMs?: number; signal?: AbortSignal };

/**
 * The wall-clock limit of one task, kept from outside its box. The clock starts when the box says it started the
 * task, so a task queued behind busy boxes is not charged for the wait.
 */
export function watchDeadline(timeMs: number, expire: () => void) {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  return {
    started: () => {
      if (!stopped && !timer) timer = setTimeout(expire, timeMs);
    },
    stop: () => {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

/**
 * Set as this process stops (noteProcessStopping): its boxes get the same signal from the process group and die with
 * it, which is no failure to report.
 */
let processStopping = false;
export const noteProcessStopping = () => {
  processStopping = true;
};

type Stop = "deadline" | "caller";

/** Tinypool can hand a queued task to a box that is being killed for another task's deadline; it never had its turn. */
const isBystander = (error: unknown, stop: AbortSignal) =>
  !stop.aborted && error instanceof Error && error.message === "Terminating worker thread";
const BYSTANDER_RETRIES = 2;

function stopOf(stop: Stop | undefined, error: unknown): BoxStop {
  if (stop === "deadline") return { kind: "deadline" };
  // A box has nothing else that ends it: V8 aborting past the heap limit is what "exited unexpectedly" means here.
  if (error instanceof Error && /exited unexpectedly/.test(error.message)) return { kind: "memory" };
  return { kind: "failed", message: error instanceof Error ? error.message : String(error) };
}

export function createProcessBoxes(options: ProcessBoxOptions) {
  let pool: Tinypool | undefined;
  const boxes = () => {
    if (pool) return pool;
    pool = new Tinypool({
      runtime: "child_process",
      filename: options.filename,
      minThreads: options.warmBoxes,
      maxThreads: options.maxBoxes,
      idleTimeout: options.idleMs,
      // Only the limits: none of the worker's loader flags, and none of its environment (keys, database URL).
      execArgv: [`--max-old-space-size=${options.memoryMiB}`, ...(options.execArgv ?? [])],
      env: {},
      serialization: "advanced",
    });
    // A box that dies with no task on it (a replacement failing at start, say) must not take the caller down.
    pool.on("error", (error: Error) => {
      if (!processStopping) console.error(`[${options.name}] a box failed: ${error.message}`);
    });
    return pool;
  };

  async function runOnce<T>(task: unknown, run: BoxRunOptions): Promise<BoxOutcome<T> | "bystander"> {
    const { timeMs, graceMs = 0, signal } = run;
    signal?.throwIfAborted();
    const stop = new AbortController();
    const deadline = watchDeadline(timeMs + graceMs, () => stop.abort("deadline" satisfies Stop));
    const onCallerAbort = () => stop.abort("caller" satisfies Stop);
    signal?.addEventListener("abort", onCallerAbort, { once: true });
    // Messages the box sends besides its answer come through the task's channel: the one it sends is "started".
    const channel = { postMessage: deadline.started };
    try {
      return { ok: true, value: (await boxes().run(task, { signal: stop.signal, channel })) as T };
    } catch (error) {
      if (stop.signal.reason === "caller") throw signal!.reason;
      if (isBystander(error, stop.signal)) return "bystander";
      return { ok: false, stop: stopOf(stop.signal.reason as Stop | undefined, error) };
    } finally {
      deadline.stop();
      signal?.removeEventListener("abort", onCallerAbort);
    }
  }

  return {
    /**
     * Runs `task` in a box, stopped `timeMs` (+ `graceMs`, for a task that keeps its own deadline) after it starts
     * there. The caller's `signal` ends it too, and rejects with the signal's reason.
     */
    async run<T>(task: unknown, run: BoxRunOptions): Promise<BoxOutcome<T>> {
      for (let attempt = 0; ; attempt++) {
        const outcome = await runOnce<T>(task, run);
        if (outcome !== "bystander") return outcome;
        if (attempt === BYSTANDER_RETRIES)
          return { ok: false, stop: { kind: "failed", message: "its box was stopped" } };
      }
    },
  };
}
