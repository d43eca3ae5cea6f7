/**
 * A model conversation as a run records it and the run view shows it: each message's role and its
 * parts — text, the tool calls the model made, the results it was given, files and images by
 * type. Made from the AI SDK's messages (toTranscript) and carried on `agent.step` events, each
 * step with only the messages new in it, so a long agent run does not store its history again
 * on every step.
 */
import { z } from "zod";

/** Past this many characters a part's text is cut (an event is not a blob store); the cut says how much went. */
const MAX_PART_CHARS = 20_000;

export const TranscriptPart = z.discriminatedUnion("type", [
  z.object({ type: z.literal("text"), text: z.string() }),
  z.object({ type: z.literal("reasoning"), text: z.string() }),
  /** `callId`: the model's id of the call, which a resumed agent hands back with the call's recorded result. */
  z.object({ type: z.literal("tool-call"), toolName: z.string(), input: z.unknown(), callId: z.string().optional() }),
  z.object({
    type: z.literal("tool-result"),
    toolName: z.string(),
    callId: z.string().optional(),
    output: z.unknown(),
    isError: z.boolean().optional(),
  }),
  z.object({ type: z.literal("file"), mediaType: z.string() }),
]);
export type TranscriptPart = z.infer<typeof TranscriptPart>;

export const TranscriptMessage = z.object({
  role: z.enum(["system", "user", "assistant", "tool"]),
  parts: z.array(TranscriptPart),
});
export type TranscriptMessage = z.infer<typeof TranscriptMessage>;

/**
 * The AI SDK's message shape, as far as a transcript reads it (ModelMessage, without importing `ai` into the browser).
 */
type SdkPart = {
  type: string;
  text?: string;
  toolName?: string;
  toolCallId?: string;
  input?: unknown;
  output?: unknown;
  mediaType?: string;
  mimeType?: string;
};
export type SdkMessage = { role: string; content: string | SdkPart[] };

const clip = (text: string) =>
  text.length <= MAX_PART_CHARS
    ? text
    : `${text.slice(0, MAX_PART_CHARS)}… (${text.length - MAX_PART_CHARS} more characters)`;

/** A tool result's output ({ type: "text" | "json" | "error-text" | "error-json" | "content", value }) as shown. */
function resultOutput(output: unknown): { output: unknown; isError?: boolean } {
  if (!output || typeof output !== "object" || !("type" in output)) return { output };
  const { type, value } = output as { type: string; value?: unknown };
  const isError = type.startsWith("error") || undefined;
  return { output: typeof value === "string" ? clip(value) : value, ...(isError ? { isError } : {}) };
}

const callIdOf = (part: SdkPart) => (part.toolCallId ? { callId: part.toolCallId } : {});

function toPart(part: SdkPart): TranscriptPart | null {
  switch (part.type) {
    case "text":
    case "reasoning":
      return { type: part.type, text: clip(part.text ?? "") };
    case "tool-call":
      return { type: "tool-call", toolName: part.toolName ?? "", input: part.input, ...callIdOf(part) };
    case "tool-result":
      return { type: "tool-result", toolName: part.toolName ?? "", ...callIdOf(part), ...resultOutput(part.output) };
    case "image":
    case "file":
      return { type: "file", mediaType: part.mediaType ?? part.mimeType ?? (part.type === "image" ? "image" : "file") };
    default:
      return null;
  }
}

export function toTranscript(messages: readonly SdkMessage[], system?: string): TranscriptMessage[] {
  const transcript: TranscriptMessage[] = system
    ? [{ role: "system", parts: [{ type: "text", text: clip(system) }] }]
    : [];
  for (const message of messages) {
    if (!TranscriptMessage.shape.role.safeParse(message.role).success) continue;
    const parts =
      typeof message.content === "string"
        ? [{ type: "text" as const, text: clip(message.content) }]
        : message.content.map(toPart).filter((part) => part !== null);
    transcript.push({ role: message.role as TranscriptMessage["role"], parts });
  }
  return transcript;
}
