"use client";
/**
 * Runs the pure compiler in the browser shortly after each edit, so problems show on the nodes before anyone presses
 * Run.
 */
import { useEffect } from "react";
import { compileWorkflow } from "@/lib/workflow/compile";
import { idleEntryProblems } from "@/lib/workflow/idle-entry";
import { useEditorStoreApi } from "@/components/editor/editor-store-context";

const DELAY_MS = 200;

export function useLiveCompile() {
  const store = useEditorStoreApi();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const compile = () => {
      const { toGraph, lookup, setCompileErrors, hostTools } = store.getState();
      const result = compileWorkflow(toGraph(), lookup, { hostTools });
      setCompileErrors(result.ok ? idleEntryProblems(result.plan, lookup) : result.errors);
    };
    compile();
    const unsubscribe = store.subscribe((state, previous) => {
      if (state.revision === previous.revision) return;
      clearTimeout(timer);
      timer = setTimeout(compile, DELAY_MS);
    });
    return () => {
      unsubscribe();
      clearTimeout(timer);
    };
  }, [store]);
}
