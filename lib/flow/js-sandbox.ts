/**
 * Runs a Code node's JavaScript in a real sandbox, off the engine's thread: QuickJS compiled to
 * WebAssembly (run-quickjs.mjs) inside an evaluation box (evaluation-pool.ts). QuickJS
 * keeps its own memory cap, stack cap and deadline; the box's heap limit and a deadline kept
 * from outside back them up. Errors come back with the line number in the person's code.
 */
import { evaluateInBox } from "./evaluation-pool";
import { DEFAULT_SANDBOX_LIMITS, type SandboxLimits } from "./js-sandbox-limits";

/** How long past its own deadline QuickJS may take to notice before its box is killed. */
const OUTSIDE_DEADLINE_GRACE_MS = 1_000;

export class SandboxError extends Error {
  constructor(
    message: string,
    /** The line of the person's code, when the error points at one. */
    readonly line?: number,
  ) {
    super(message);
  }
}

/** Runs `code` with `input` (any JSON value) and answers what it returned, as JSON. */
export async function runInSandbox(
  code: string,
  input: unknown,
  limits: SandboxLimits = DEFAULT_SANDBOX_LIMITS,
  signal?: AbortSignal,
): Promise<unknown> {
  const task = { kind: "code" as const, code, input, timeMs: limits.timeMs, memoryBytes: limits.memoryBytes };
  const answer = await evaluateInBox(task, {
    subject: "The code",
    timeMs: limits.timeMs,
    graceMs: OUTSIDE_DEADLINE_GRACE_MS,
    signal,
  });
  if (!answer.ok) throw new SandboxError(answer.message, answer.line);
  return answer.value;
}
