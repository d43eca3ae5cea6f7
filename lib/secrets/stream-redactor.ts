/**
 * Redaction for text that arrives in pieces (a model's streamed answer): a secret split across two
 * pieces would pass a piece-by-piece redaction, so the last characters that could still begin a
 * spelling are held back until the next piece (or the end) shows what they are.
 */
import type { Redactor } from "./redact";

export type StreamRedactor = {
  /** Takes the next piece; answers the text that may be shown now (redacted, possibly empty). */
  push: (piece: string) => string;
  /** The end of the text: answers whatever was held back, redacted. */
  end: () => string;
};

export function createStreamRedactor(redactor: Redactor): StreamRedactor {
  let pending = "";
  const release = (cut: number) => {
    const shown = redactor.text(pending.slice(0, cut));
    pending = pending.slice(cut);
    return shown;
  };
  return {
    push: (piece) => {
      pending += piece;
      // A spelling not yet complete began within its length of the end: hold back one character less than the longest.
      return release(redactor.safeCut(pending, pending.length - (redactor.longestForm - 1)));
    },
    end: () => release(pending.length),
  };
}
