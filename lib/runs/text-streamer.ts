/**
 * A model node's streamed answer as run events: deltas are gathered and noted as one `agent.text`
 * event per STREAM_FLUSH_MS (riding with the run's next write), so the live view gets text
 * token by token without an event, a row and a publish per token.
 */
import type { SecretScope } from "../secrets/secret-scope";
import type { RunEventInput } from "./events";

export const STREAM_FLUSH_MS = 50;

export type TextStreamer = { push: (delta: string) => void; end: () => void };

/**
 * `secrets`: the run's, so a secret split across two pieces is still redacted (the recorder sees only one piece at a
 * time).
 */
export function createTextStreamer(
  note: (event: RunEventInput) => void,
  nodeId: string,
  iteration: number,
  secrets?: Pick<SecretScope, "streamRedactor">,
): TextStreamer {
  const redactor = secrets?.streamRedactor();
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
      buffered += redactor ? redactor.push(delta) : delta;
      timer ??= setTimeout(flush, STREAM_FLUSH_MS);
    },
    end: () => {
      if (redactor) buffered += redactor.end();
      flush();
    },
  };
}
