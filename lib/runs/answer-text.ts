/**
 * A run's (or a model node's) output as the answer a person reads: a model node's `text`, or a
 * plain string. Shared by the run view's final answer and the chat, so both read an output alike.
 */
export function answerTextOf(output: unknown): string | null {
  if (typeof output === "string") return output;
  if (output && typeof output === "object" && typeof (output as { text?: unknown }).text === "string")
    return (output as { text: string }).text;
  return null;
}

/** The same, for a chat answer that must be text: any other output as JSON. */
export const answerText = (output: unknown): string => answerTextOf(output) ?? JSON.stringify(output ?? null);
