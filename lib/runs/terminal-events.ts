/** The events that end a run, free of the event schemas (events.ts): the browser's run followers read them. */
import type { RunEventType } from "./events";

export const TERMINAL_EVENT_TYPES: ReadonlySet<RunEventType> = new Set([
  "run.completed",
  "run.failed",
  "run.cancelled",
]);
