/**
 * Runs a Code node's JavaScript in a real sandbox: QuickJS compiled to WebAssembly
 * (quickjs-emscripten), with a memory cap, a stack cap and a deadline, and nothing of the host in
 * reach — no require, no process, no network, no files. The code is a function body that sees
 * `input` and returns a JSON value. Errors come back with the line number in the person's code.
 */
import { getQuickJS, shouldInterruptAfterDeadline } from "quickjs-emscripten";
import { DEFAULT_SANDBOX_LIMITS, type SandboxLimits } from "./js-sandbox-limits";
const STACK_BYTES = 512 * 1024;

export class SandboxError extends Error {
  constructor(
    message: string,
    /** The line of the person's code, when the error points at one. */
    readonly line?: number,
  ) {
    super(message);
  }
}

/** Line 1 of the person's code is line 2 of the wrapper below. */
const WRAPPER_LINES_BEFORE = 1;
const wrap = (code: string) => `JSON.stringify((function (input) {\n${code}\n})(JSON.parse(__input)) ?? null)`;

function describe(error: unknown, limits: SandboxLimits): SandboxError {
  const { name, message, stack } = (error ?? {}) as { name?: string; message?: string; stack?: string };
  if (message === "interrupted") return new SandboxError(`The code ran longer than ${limits.timeMs} ms and was stopped`);
  if (message === "out of memory" || name === "InternalError" && /memory/.test(message ?? "")) return new SandboxError(`The code used more than ${Math.round(limits.memoryBytes / 2 ** 20)} MiB of memory and was stopped`);
  if (/stack overflow/.test(message ?? "")) return new SandboxError("The code recursed too deeply (stack overflow) and was stopped");
  const line = Number(/code\.js:(\d+)/.exec(stack ?? "")?.[1]);
  const codeLine = Number.isFinite(line) && line > WRAPPER_LINES_BEFORE ? line - WRAPPER_LINES_BEFORE : undefined;
  return new SandboxError(`${name ?? "Error"}: ${message ?? String(error)}${codeLine ? ` (line ${codeLine})` : ""}`, codeLine);
}

/** Runs `code` with `input` (any JSON value) and answers what it returned, as JSON. */
export async function runInSandbox(code: string, input: unknown, limits: SandboxLimits = DEFAULT_SANDBOX_LIMITS): Promise<unknown> {
  const quickjs = await getQuickJS();
  const runtime = quickjs.newRuntime();
  runtime.setMemoryLimit(limits.memoryBytes);
  runtime.setMaxStackSize(STACK_BYTES);
  runtime.setInterruptHandler(shouldInterruptAfterDeadline(Date.now() + limits.timeMs));
  const vm = runtime.newContext();
  try {
    const inputHandle = vm.newString(JSON.stringify(input ?? null));
    vm.setProp(vm.global, "__input", inputHandle);
    inputHandle.dispose();
    const result = vm.evalCode(wrap(code), "code.js");
    if (result.error) {
      const error = vm.dump(result.error);
      result.error.dispose();
      throw describe(error, limits);
    }
    const json = vm.getString(result.value);
    result.value.dispose();
    return JSON.parse(json) as unknown;
  } finally {
    vm.dispose();
    runtime.dispose();
  }
}
