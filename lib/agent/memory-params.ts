/**
 * Memory for the model nodes (Agent, LLM) in a chat: when on, the conversation's last
 * `memoryWindow` turns go to the model before the new message (lib/chat/history.ts). Outside a
 * chat there is no conversation, and memory changes nothing.
 */
import type { ModelMessage } from "ai";
import { z } from "zod";
import { conversationHistory } from "../chat/history";
import type { ExecuteContext, ParamField } from "../nodes/types";

export const memoryFields: ParamField[] = [
  {
    name: "memory",
    label: "Memory",
    kind: "boolean",
    help: "In a chat, send the conversation's earlier turns with each new message.",
  },
  {
    name: "memoryWindow",
    label: "Turns remembered",
    kind: "number",
    help: "How many earlier turns (a message and its answer) go with the new one.",
    visibleWhen: { param: "memory", equals: "true" },
  },
];

export const memoryParams = {
  memory: z.boolean().default(false),
  memoryWindow: z.number().int().min(1).max(100).default(10),
};

/**
 * The earlier turns to send, oldest first: none without memory or outside a chat. Loading them is noted for the chat's
 * debug log.
 */
export async function rememberedTurns(
  params: { memory: boolean; memoryWindow: number },
  ctx: Pick<ExecuteContext<unknown>, "runId" | "nodeId" | "conversationId" | "note">,
): Promise<ModelMessage[]> {
  if (!params.memory || !ctx.conversationId) return [];
  const history = await conversationHistory(ctx.conversationId, ctx.runId, params.memoryWindow);
  const turns = history.length / 2;
  ctx.note({
    type: "log",
    payload: {
      level: "info",
      nodeId: ctx.nodeId,
      message:
        `Memory loaded: ${turns} earlier turn${turns === 1 ? "" : "s"} of the conversation (window ` +
        `${params.memoryWindow})`,
    },
  });
  return history;
}
