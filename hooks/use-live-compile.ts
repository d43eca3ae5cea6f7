"use client";
/**
 * Checks the graph with the pure compiler shortly after each edit, so problems show on the nodes before anyone presses
 * Run. The first check waits a second after the editor mounts, then for the browser to be idle: run at the first idle
 * moment after the opened graph was drawn, it held the page's thread (~25 ms at 1,000 nodes) just when the first click
 * comes. Checks after edits run in a Web Worker (components/editor/live-compile/), so a large graph answers clicks and
 * drags while it is checked.
 */
import { useEffect } from "react";
import { useEditorStoreApi } from "@/components/editor/editor-store-context";
import { createLiveCompiler } from "@/components/editor/live-compile/live-compiler";

const DELAY_MS = 200;
/** How long after the editor mounts the first check starts waiting for the browser to be idle. */
const FIRST_CHECK_AFTER_MS = 1000;
/** The longest it then waits for the browser to be idle. */
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
    const idle = whenIdle(() => void compile(), FIRST_CHECK_AFTER_MS);
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

/** Calls `run` when the browser is next idle after `afterMs` (at most IDLE_TIMEOUT_MS later). */
function whenIdle(run: () => void, afterMs: number): { cancel: () => void } {
  let handle: number | undefined;
  const timer = setTimeout(() => {
    if (typeof requestIdleCallback === "undefined") run();
    else handle = requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
  }, afterMs);
  return {
    cancel: () => {
      clearTimeout(timer);
      if (handle !== undefined) cancelIdleCallback(handle);
    },
  };
}
