/**
 * The answer to a public chat message as Server-Sent Events, and nothing else of its run: the model's text as it
 * streams (`{ type: "text", delta }`, with `{ type: "message" }` when a new message begins), then `{ type: "done",
 * answer }` — the turn's answer as the conversation will show it — or `{ type: "error", message }` with a plain
 * sentence. No run id, node, tool call, argument, result, usage or error detail leaves: the run's events are read
 * through the AG-UI mapping (lib/ag-ui) and only its text survives.
 */
import "server-only";
import { EventType } from "@ag-ui/core";
import { RunToAgUi } from "../ag-ui/run-to-ag-ui";
import { answerText } from "../runs/answer-text";
import type { RunEvent } from "../runs/events";
import { runEventStream } from "../runs/run-event-stream";
import { NO_ANSWER } from "./visitor-conversation";

export type PublicAnswerEvent =
  | { type: "message" }
  | { type: "text"; delta: string }
  | { type: "done"; answer: string }
  | { type: "error"; message: string };

/** The visitor's events one run event stands for. */
export function publicEventsOf(mapper: RunToAgUi, event: RunEvent): PublicAnswerEvent[] {
  if (event.type === "run.completed") return [{ type: "done", answer: answerText(event.payload.output) }];
  if (event.type === "run.failed" || event.type === "run.cancelled") return [{ type: "error", message: NO_ANSWER }];
  return mapper.map(event).flatMap((mapped): PublicAnswerEvent[] => {
    if (mapped.type === EventType.TEXT_MESSAGE_START) return [{ type: "message" }];
    if (mapped.type === EventType.TEXT_MESSAGE_CONTENT) return [{ type: "text", delta: mapped.delta }];
    return [];
  });
}

/** The stream of one message's answer; `release` is called once when it ends, however it ends. */
export function publicAnswerStream(
  runId: string,
  signal: AbortSignal,
  release: () => void,
): ReadableStream<Uint8Array> {
  // The mapper's ids never reach the visitor: only text and the end do.
  const mapper = new RunToAgUi({ threadId: "public", runId: "public", switchboardRunId: "public" });
  const format = (event: RunEvent) =>
    publicEventsOf(mapper, event)
      .map((visible) => `data: ${JSON.stringify(visible)}\n\n`)
      .join("");
  return runEventStream(runId, { lastSeenSeq: 0, signal, release, format });
}
