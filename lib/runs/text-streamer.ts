/**
 * A model node's streamed answer as run events: deltas are gathered and noted as one `agent.text`
 * event per STREAM_FLUSH_MS (riding with the run's next write), so the live view gets text
 * token by token without an event, a row and a publish per token.
 */
import type { RunEventInput } from "./events";

export const STREAM_FLUSH_MS = 50;

export type TextStreamer = { push: (delta: string) => void; end: () => void };

export function createTextStreamer(note: (event: RunEventInput) => void, nodeId: string, iteration: number): TextStreamer {
  let buffered = "";
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    if (buffered === "") return;
    note({ type: "agent.text", payload: { nodeId, iteration, text: buffered } });
    buffered = "";
  };
  return {
    push: (delta) => {
      buffered += delta;
      timer ??= setTimeout(flush, STREAM_FLUSH_MS);
    },
    end: flush,
  };
}
