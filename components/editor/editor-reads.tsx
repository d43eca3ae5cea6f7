"use client";
/**
 * What the editor's panels read from the server (a workflow's public chat settings, the workflow list), kept while
 * the editor is open. The inspector's workflow settings mount again each time nothing is selected (Escape, a click on
 * the canvas): they show what was read at once, and read again only what is older than FRESH_MS, then or when asked
 * (a picker being opened). Another editor (another page) starts empty. Outside an editor every mount reads.
 */
import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from "react";

const FRESH_MS = 15_000;

type Kept = { value: unknown; at: number };
const EditorReads = createContext<Map<string, Kept> | null>(null);

export function EditorReadsProvider({ children }: { children: ReactNode }) {
  const [reads] = useState(() => new Map<string, Kept>());
  return <EditorReads.Provider value={reads}>{children}</EditorReads.Provider>;
}

export type EditorRead<T> = {
  /** Undefined until the first answer (or after a failed first read). */
  value: T | undefined;
  /** Why the last read failed: the route's own error, or the network's. */
  problem: string | null;
  /** Reads again if the kept answer is older than FRESH_MS (a picker being opened). */
  refresh: () => void;
  /** What a save answered: shown and kept as the latest read. */
  update: (value: T) => void;
};

/** GET `path` as JSON (none while it is null), kept for the editor's other mounts. */
export function useEditorRead<T>(path: string | null): EditorRead<T> {
  const reads = useContext(EditorReads);
  const [value, setValue] = useState<T | undefined>(() => (path ? (reads?.get(path)?.value as T) : undefined));
  const [problem, setProblem] = useState<string | null>(null);
  const [asked, setAsked] = useState(0);
  useEffect(() => {
    const kept = path ? reads?.get(path) : undefined;
    if (!path || (kept && performance.now() - kept.at < FRESH_MS)) return;
    let live = true;
    fetch(path)
      .then(async (response) => {
        const body: unknown = await response.json();
        // Kept even when this reader has gone (a node selected meanwhile): the next mount needs no read.
        if (response.ok) reads?.set(path, { value: body, at: performance.now() });
        if (!live) return;
        if (!response.ok) return setProblem((body as { error?: string }).error ?? `HTTP ${response.status}`);
        setValue(body as T);
        setProblem(null);
      })
      .catch((error: unknown) => live && setProblem(String(error)));
    return () => {
      live = false;
    };
  }, [path, reads, asked]);
  const update = useCallback(
    (next: T) => {
      if (path) reads?.set(path, { value: next, at: performance.now() });
      setValue(next);
      setProblem(null);
    },
    [path, reads],
  );
  const refresh = useCallback(() => setAsked((count) => count + 1), []);
  return { value, problem, refresh, update };
}
