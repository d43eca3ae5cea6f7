"use client";
/**
 * Checks the graph with the pure compiler shortly after each edit, so problems show on the nodes before anyone presses
 * Run. The first check waits until the opened graph is drawn and the browser is idle; checks after edits run in a Web
 * Worker (components/editor/live-compile/), so a large graph answers clicks and drags while it is checked.
 */
import { useEffect } from "react";
import { useEditorStoreApi } from "@/components/editor/editor-store-context";
import { createLiveCompiler } from "@/components/editor/live-compile/live-compiler";

const DELAY_MS = 200;
/** The longest the first check waits for the browser to be idle. */
const IDLE_TIMEOUT_MS = 1000;

export function useLiveCompile() {
  const store = useEditorStoreApi();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const compiler = createLiveCompiler(store.getState().catalogue);
    const compile = async () => {
      const { toGraph, hostTools } = store.getState();
      const problems = await compiler.check(toGraph(), hostTools);
      if (problems) store.getState().setCompileErrors(problems);
    };
    const idle = whenIdle(() => void compile());
    const unsubscribe = store.subscribe((state, previous) => {
      if (state.revision === previous.revision) return;
      clearTimeout(timer);
      timer = setTimeout(() => void compile(), DELAY_MS);
    });
    return () => {
      idle.cancel();
      unsubscribe();
      clearTimeout(timer);
      compiler.stop();
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
