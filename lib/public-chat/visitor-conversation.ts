/**
 * A public chat visitor's conversation: the latest one their visitor id holds in this workflow, made on their first
 * message; a message is a turn of it answered by the workflow's published version (trigger "public-chat"), so a model
 * node with memory sees the visitor's earlier turns and no one else's. What a visitor reads of it is their messages
 * and the answers: no run ids, costs, or error details.
 */
import "server-only";
import { getDb } from "../db/client";
import {
  getConversation,
  latestKeyedConversationId,
  sendKeyedMessage,
  UNTITLED,
  type ChatTurnView,
} from "../chat/conversations";

export type PublicTurn = {
  message: string;
  createdAt: string;
  status: "answering" | "answered" | "failed";
  answer: string | null;
};

/** What a visitor is told when their message got no answer: the cause stays in the run, for the editors. */
export const NO_ANSWER = "Sorry, this message could not be answered. Please try again later.";

function publicStatus(status: ChatTurnView["status"]): PublicTurn["status"] {
  if (status === "completed") return "answered";
  return status === "queued" || status === "running" || status === "waiting" ? "answering" : "failed";
}

const publicTurn = (turn: ChatTurnView): PublicTurn => {
  const status = publicStatus(turn.status);
  return {
    message: turn.message,
    createdAt: turn.createdAt,
    status,
    answer: status === "answered" ? turn.answer : status === "failed" ? NO_ANSWER : null,
  };
};

export async function visitorTurns(workflowId: string, visitorId: string): Promise<PublicTurn[]> {
  const id = await latestKeyedConversationId(workflowId, visitorId);
  const conversation = id ? await getConversation(id) : null;
  return conversation ? conversation.turns.map(publicTurn) : [];
}

/** Starts afresh: the visitor's next message opens a new conversation, with no memory of the last. */
export async function startNewConversation(workflowId: string, visitorId: string): Promise<void> {
  await getDb().conversation.create({ data: { workflowId, visitorId, title: UNTITLED } });
}

export const sendVisitorMessage = (workflowId: string, visitorId: string, message: string) =>
  sendKeyedMessage(workflowId, visitorId, message, undefined, "public-chat");
