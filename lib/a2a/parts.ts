/**
 * Between A2A message parts and a run's input and output. In: a data part is the input as it is (an Entry with
 * fields gets its object), else the text parts joined (JSON text for a workflow that asks for fields is parsed by the
 * run's input check, as for any caller). Out: the answer as text, and an object output as a data part too. Pure.
 */
import { Role, type Message, type Part } from "@a2a-js/sdk";
import { randomUUID } from "node:crypto";
import { answerTextOf } from "../runs/answer-text";

export const textPart = (text: string): Part => ({
  content: { $case: "text", value: text },
  metadata: undefined,
  filename: "",
  mediaType: "text/plain",
});

const dataPart = (value: unknown): Part => ({
  content: { $case: "data", value },
  metadata: undefined,
  filename: "",
  mediaType: "application/json",
});

/** The run's input from the caller's message: its first data part, else its text; undefined when it has neither. */
export function runInputOf(message: Message): unknown {
  const data = message.parts.find((part) => part.content?.$case === "data");
  if (data?.content?.$case === "data") return data.content.value;
  const text = message.parts
    .flatMap((part) => (part.content?.$case === "text" ? [part.content.value] : []))
    .join("\n")
    .trim();
  if (text === "") return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed !== null && typeof parsed === "object" && !Array.isArray(parsed) ? parsed : text;
  } catch {
    return text;
  }
}

/** A run's output as an answer's parts: its text, and, when it is an object, the object as data. */
export function answerParts(output: unknown): Part[] {
  const text = answerTextOf(output);
  const isObject = output !== null && typeof output === "object";
  return [textPart(text ?? JSON.stringify(output ?? null)), ...(isObject ? [dataPart(output)] : [])];
}

/** The text of a message's (or artifact's) parts, for a tool result. */
export const partsText = (parts: Part[]): string =>
  parts
    .map((part) =>
      part.content?.$case === "text"
        ? part.content.value
        : part.content?.$case === "data"
          ? JSON.stringify(part.content.value)
          : part.content?.$case === "url"
            ? part.content.value
            : "",
    )
    .filter((text) => text !== "")
    .join("\n");

/** An agent's message in a task (a status's words). */
export const agentMessage = (taskId: string, contextId: string, text: string): Message => ({
  messageId: randomUUID(),
  contextId,
  taskId,
  role: Role.ROLE_AGENT,
  parts: [textPart(text)],
  metadata: undefined,
  extensions: [],
  referenceTaskIds: [],
});
