"use client";
/**
 * Runs the pure compiler in the browser shortly after each edit, so problems show on the nodes before anyone presses
 * Run. The compiler (with its parameter validators) is a chunk of its own, fetched and first run once the opened graph
 * is drawn and the browser is idle: a large workflow opens and answers clicks before it is checked.
 */
import { useEffect } from "react";
import { useEditorStoreApi } from "@/components/editor/editor-store-context";

const DELAY_MS = 200;
/** The longest the first check waits for the browser to be idle. */
const IDLE_TIMEOUT_MS = 1000;

const loadCompiler = () =>
  Promise.all([import("@/lib/workflow/compile"), import("@/lib/workflow/idle-entry")]).then(
    ([{ compileWorkflow }, { idleEntryProblems }]) => ({ compileWorkflow, idleEntryProblems }),
  );

export function useLiveCompile() {
  const store = useEditorStoreApi();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const compiler = loadCompiler();
    const compile = async () => {
      const { compileWorkflow, idleEntryProblems } = await compiler;
      if (stopped) return;
      const { toGraph, lookup, setCompileErrors, hostTools } = store.getState();
      const result = compileWorkflow(toGraph(), lookup, { hostTools });
      setCompileErrors(result.ok ? idleEntryProblems(result.plan, lookup) : result.errors);
    };
    const idle = whenIdle(() => void compile());
    const unsubscribe = store.subscribe((state, previous) => {
      if (state.revision === previous.revision) return;
      clearTimeout(timer);
      timer = setTimeout(() => void compile(), DELAY_MS);
    });
    return () => {
      stopped = true;
      idle.cancel();
      unsubscribe();
      clearTimeout(timer);
    };
  }, [store]);
}

/** Calls `run` when the browser is next idle (at most IDLE_TIMEOUT_MS from now). */
function whenIdle(run: () => void): { cancel: () => void } {
  if (typeof requestIdleCallback === "undefined") {
    const timer = setTimeout(run, 0);
    return { cancel: () => clearTimeout(timer) };
  }
  const handle = requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
  return { cancel: () => cancelIdleCallback(handle) };
}
