/**
 * CPU priority of evaluation boxes. Boxes run below the engine (nice 10, set by the box itself);
 * a box whose task runs past DEMOTE_AFTER_MS drops to the lowest priority, so an expression burning
 * its budget yields the CPU to the engine and to everyone else's short evaluations. The box raises
 * itself back when its next task starts (evaluation-child.mjs).
 */
import { setPriority } from "node:os";

const DEMOTE_AFTER_MS = 100;
const LOWEST_PRIORITY = 19;

/** Drops the box `pid` to the lowest priority once its task has run DEMOTE_AFTER_MS; returns a function that calls it off. */
export function demoteWhenLong(pid: number): () => void {
  const timer = setTimeout(() => {
    try {
      setPriority(pid, LOWEST_PRIORITY);
    } catch {
      // The box is gone already: nothing to demote.
    }
  }, DEMOTE_AFTER_MS);
  return () => clearTimeout(timer);
}
