/** A run's output as the text of a chat answer: a model node's `text`, a plain string, or else the output as JSON. */
export function answerText(output: unknown): string {
  if (typeof output === "string") return output;
  if (output && typeof output === "object" && typeof (output as { text?: unknown }).text === "string") return (output as { text: string }).text;
  return JSON.stringify(output ?? null);
}
