"use client";
/**
 * What the editor's panels read from the server (a workflow's public chat settings, the workflow list), kept while
 * the editor is open. The inspector's workflow settings mount again each time nothing is selected (Escape, a click on
 * the canvas): they show what was read at once, and read again only what is older than FRESH_MS, then or when asked
 * (a picker being opened). Readers of one path share one read, also while it is under way (three secret pickers on
 * one node ask once), and a route's refusal (a viewer may not list secrets) is kept like an answer. An editor starts
 * with what its page read with the workflow (`initial`: the same answers, by path), so opening one asks none of these
 * again; a path it did not read (a snapshot's page reads none) is read at its first mount. Outside an editor every
 * mount reads.
 */
import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from "react";

const FRESH_MS = 15_000;

/** What one read answered: the body, or why not (`lasting`: the route itself said no, so it is kept like an answer). */
type Answer = { value: unknown } | { problem: string; lasting: boolean };
/**
 * A read, kept from the moment it is asked: mounts meanwhile share it rather than asking again. `value` is the latest
 * body (a failed read keeps the one before it).
 */
type Kept = { at: number; answer: Promise<Answer>; value?: unknown; problem?: string };
const EditorReads = createContext<Map<string, Kept> | null>(null);

/** A read whose answer is already here: one the page read, or what a save answered. */
const answered = (value: unknown): Kept => ({ at: performance.now(), answer: Promise.resolve({ value }), value });

/** `initial`: answers by path, read with the page (called once, when the editor mounts). */
export function EditorReadsProvider({
  initial,
  children,
}: {
  initial?: () => Record<string, unknown>;
  children: ReactNode;
}) {
  const [reads] = useState(
    () => new Map(Object.entries(initial?.() ?? {}).map(([path, value]) => [path, answered(value)])),
  );
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
  const [problem, setProblem] = useState<string | null>(() => (path ? (reads?.get(path)?.problem ?? null) : null));
  const [asked, setAsked] = useState(0);
  useEffect(() => {
    if (!path) return;
    const kept = reads?.get(path);
    const read = kept && performance.now() - kept.at < FRESH_MS ? kept : startRead(reads, path, kept);
    let live = true;
    void read.answer.then((answer) => {
      if (!live) return;
      if ("problem" in answer) return setProblem(answer.problem);
      setValue(answer.value as T);
      setProblem(null);
    });
    return () => {
      live = false;
    };
  }, [path, reads, asked]);
  const update = useCallback(
    (next: T) => {
      if (path) reads?.set(path, answered(next));
      setValue(next);
      setProblem(null);
    },
    [path, reads],
  );
  const refresh = useCallback(() => setAsked((count) => count + 1), []);
  return { value, problem, refresh, update };
}

/**
 * Reads `path` and keeps the read (outside an editor, nowhere). What it answers is kept even when its reader has gone
 * (a node selected meanwhile); a network failure is not kept: what was kept before it stays (stale, so the next mount
 * shows it and asks again).
 */
function startRead(reads: Map<string, Kept> | null, path: string, previous: Kept | undefined): Kept {
  const kept: Kept = { at: performance.now(), answer: readJson(path), value: previous?.value };
  reads?.set(path, kept);
  void kept.answer.then((answer) => {
    if (!("problem" in answer)) Object.assign(kept, { value: answer.value, problem: undefined });
    else if (answer.lasting) kept.problem = answer.problem;
    else if (reads?.get(path) === kept) {
      if (previous) reads.set(path, previous);
      else reads.delete(path);
    }
  });
  return kept;
}

async function readJson(path: string): Promise<Answer> {
  try {
    const response = await fetch(path);
    const body: unknown = await response.json();
    if (response.ok) return { value: body };
    return { problem: (body as { error?: string }).error ?? `HTTP ${response.status}`, lasting: true };
  } catch (error) {
    return { problem: String(error), lasting: false };
  }
}
