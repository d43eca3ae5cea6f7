/**
 * A Code node's JavaScript inside an evaluation process: QuickJS compiled to WebAssembly
 * (quickjs-emscripten), a fresh runtime per run with a memory cap, a stack cap and a deadline, and
 * nothing of the host in reach — no require, no process, no network, no files. The code is a
 * function body that sees `input` and returns a JSON value; errors carry the person's line number.
 */
import { newQuickJSWASMModule, shouldInterruptAfterDeadline } from "quickjs-emscripten";

/**
 * QuickJS counts its own stack; the WebAssembly it runs on uses several times more of V8's. With the
 * box's V8 stack (evaluation-pool.ts) this keeps every overflow QuickJS's own, catchable error
 * (about 1,500 nested calls) instead of the host's.
 */
const STACK_BYTES = 256 * 1024;
/** Line 1 of the person's code is line 2 of the wrapper below. */
const WRAPPER_LINES_BEFORE = 1;
const wrap = (code) => `JSON.stringify((function (input) {\n${code}\n})(JSON.parse(__input)) ?? null)`;
const formatTime = (ms) => (ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`);

/**
 * The box's QuickJS module (a promise of it); dropped for a fresh one when a run left it aborted (QuickJS asserts on
 * some overflows).
 */
let quickjs;

function describe(error, { timeMs, memoryBytes }) {
  const { name, message, stack } = error ?? {};
  if (message === "interrupted")
    return { ok: false, message: `The code ran longer than ${formatTime(timeMs)} and was stopped` };
  if (message === "out of memory" || (name === "InternalError" && /memory/.test(message ?? ""))) {
    return {
      ok: false,
      message: `The code used more than ${Math.round(memoryBytes / 2 ** 20)} MiB of memory and was stopped`,
    };
  }
  if (/stack overflow/.test(message ?? ""))
    return { ok: false, message: "The code recursed too deeply (stack overflow) and was stopped" };
  const line = Number(/code\.js:(\d+)/.exec(stack ?? "")?.[1]);
  const codeLine = Number.isFinite(line) && line > WRAPPER_LINES_BEFORE ? line - WRAPPER_LINES_BEFORE : undefined;
  return {
    ok: false,
    message: `${name ?? "Error"}: ${message ?? String(error)}${codeLine ? ` (line ${codeLine})` : ""}`,
    line: codeLine,
  };
}

/** Evaluates the wrapped code in `vm` and answers what it returned, or why it failed. */
function evaluateIn(vm, { code, input, timeMs, memoryBytes }) {
  const inputHandle = vm.newString(JSON.stringify(input ?? null));
  vm.setProp(vm.global, "__input", inputHandle);
  inputHandle.dispose();
  const result = vm.evalCode(wrap(code), "code.js");
  if (result.error) {
    const error = vm.dump(result.error);
    result.error.dispose();
    return describe(error, { timeMs, memoryBytes });
  }
  const json = vm.getString(result.value);
  result.value.dispose();
  return { ok: true, value: JSON.parse(json) };
}

/** Runs one tiny program, so compiling QuickJS's WebAssembly is not charged to the person's first run. */
function warmUp(module) {
  const vm = module.newContext();
  vm.unwrapResult(vm.evalCode("1 + 1")).dispose();
  vm.dispose();
  return module;
}

/** Loads the box's QuickJS (once, and again after an abort); a run's clock starts after this. */
export async function loadQuickJs() {
  quickjs ??= newQuickJSWASMModule().then(warmUp, (error) => {
    quickjs = undefined;
    throw error;
  });
  return quickjs;
}

/** @param {{ code: string, input: unknown, timeMs: number, memoryBytes: number }} task */
export async function runQuickJs(task) {
  const runtime = (await loadQuickJs()).newRuntime();
  runtime.setMemoryLimit(task.memoryBytes);
  runtime.setMaxStackSize(STACK_BYTES);
  runtime.setInterruptHandler(shouldInterruptAfterDeadline(Date.now() + task.timeMs));
  const vm = runtime.newContext();
  let answer;
  try {
    answer = evaluateIn(vm, task);
  } catch (error) {
    // The host's own stack ran out first: the same overflow, said the same way.
    answer =
      error instanceof RangeError
        ? describe({ message: "stack overflow" }, task)
        : { ok: false, message: `The code could not run: ${error?.message ?? String(error)}` };
  }
  try {
    vm.dispose();
    runtime.dispose();
  } catch {
    // A stack overflow can leave objects QuickJS cannot free; its runtime aborts on an assertion.
    // The answer above stands; the next run gets a fresh module.
    quickjs = undefined;
  }
  return answer;
}
