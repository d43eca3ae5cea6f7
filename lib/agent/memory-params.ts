/**
 * Memory for the model nodes (Agent, LLM) in a chat: when on, the conversation's last
 * `memoryWindow` turns go to the model before the new message (lib/chat/history.ts). Outside a
 * chat there is no conversation, and memory changes nothing.
 */
import type { ModelMessage } from "ai";
import { z } from "zod";
import { conversationHistory } from "../chat/history";
import type { ParamField } from "../nodes/types";

export const memoryFields: ParamField[] = [
  { name: "memory", label: "Memory", kind: "boolean", help: "In a chat, send the conversation's earlier turns with each new message." },
  { name: "memoryWindow", label: "Turns remembered", kind: "number", help: "How many earlier turns (a message and its answer) go with the new one.", visibleWhen: { param: "memory", equals: "true" } },
];

export const memoryParams = {
  memory: z.boolean().default(false),
  memoryWindow: z.number().int().min(1).max(100).default(10),
};

/** The earlier turns to send, oldest first: none without memory or outside a chat. */
export async function rememberedTurns(params: { memory: boolean; memoryWindow: number }, ctx: { runId: string; conversationId?: string }): Promise<ModelMessage[]> {
  if (!params.memory || !ctx.conversationId) return [];
  return conversationHistory(ctx.conversationId, ctx.runId, params.memoryWindow);
}
