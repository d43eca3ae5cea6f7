/**
 * Conversations with a workflow (the Chat panel): create, list, rename, delete, read with their
 * turns, and send a message — which starts a run of the workflow with the message as its input
 * (trigger "chat", naming the conversation) and records the turn. A turn's answer is its run's
 * output, read when the conversation is; nothing is copied.
 */
import { getDb } from "../db/client";
import { sql } from "../db/sql";
import { startRun, type StartRunResult } from "../runs/start-run";
import type { RunStarter } from "../runs/run-trigger";
import type { RunStatusName as RunStatus } from "../runs/run-statuses";
import { answerText } from "../runs/answer-text";

export type ConversationSummary = {
  id: string;
  workflowId: string;
  title: string;
  createdAt: string;
  updatedAt: string;
};
export type ChatTurnView = {
  id: string;
  runId: string;
  message: string;
  createdAt: string;
  status: RunStatus | "deleted";
  answer: string | null;
  error: string | null;
  /** What the turn's model calls cost (US dollars, the run's costUsd); 0 for a removed run. */
  costUsd: number;
};
export type ConversationView = ConversationSummary & { turns: ChatTurnView[] };

const MAX_TITLE = 120;
/** A conversation's title until its first message names it. */
export const UNTITLED = "New conversation";
const titleFrom = (message: string) => (message.length > 60 ? `${message.slice(0, 59)}…` : message);

const summary = (row: {
  id: string;
  workflowId: string;
  title: string;
  createdAt: Date;
  updatedAt: Date;
}): ConversationSummary => ({
  id: row.id,
  workflowId: row.workflowId,
  title: row.title,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export async function listConversations(workflowId: string): Promise<ConversationSummary[]> {
  const rows = await getDb().conversation.findMany({
    // The public chat's visitors keep their own conversations (lib/public-chat); the Chat panel lists the editors'.
    where: { workflowId, visitorId: null },
    orderBy: { updatedAt: "desc" },
    take: 200,
  });
  return rows.map(summary);
}

export async function createConversation(workflowId: string, title = UNTITLED): Promise<ConversationSummary> {
  return summary(await getDb().conversation.create({ data: { workflowId, title: title.slice(0, MAX_TITLE) } }));
}

export async function renameConversation(id: string, title: string): Promise<ConversationSummary | null> {
  const found = await getDb().conversation.updateMany({ where: { id }, data: { title: title.slice(0, MAX_TITLE) } });
  if (found.count === 0) return null;
  return summary((await getDb().conversation.findUnique({ where: { id } }))!);
}

export async function deleteConversation(id: string): Promise<boolean> {
  return (await getDb().conversation.deleteMany({ where: { id } })).count === 1;
}

export async function getConversation(id: string): Promise<ConversationView | null> {
  const conversation = await getDb().conversation.findUnique({ where: { id } });
  if (!conversation) return null;
  const turns = await sql<{
    id: string;
    runId: string;
    message: string;
    createdAt: Date;
    status: RunStatus | null;
    output: unknown;
    error: string | null;
    costUsd: number | null;
  }>`
    SELECT t.id, t."runId", t.message, t."createdAt", r.status, r.output, r.error, r."costUsd"
    FROM "ChatTurn" t LEFT JOIN "Run" r ON r.id = t."runId"
    WHERE t."conversationId" = ${id} ORDER BY t."createdAt" ASC, t.id ASC`;
  return {
    ...summary(conversation),
    turns: turns.map((turn) => ({
      id: turn.id,
      runId: turn.runId,
      message: turn.message,
      createdAt: turn.createdAt.toISOString(),
      status: turn.status ?? "deleted",
      answer: turn.status === "completed" ? answerText(turn.output) : null,
      error: turn.error,
      costUsd: turn.costUsd ?? 0,
    })),
  };
}

/**
 * Sends a message in the latest conversation an outside caller's `visitorId` holds in the workflow (a public chat
 * visitor, an AG-UI caller's thread), made on their first message; such conversations are not listed in the Chat panel.
 */
export async function sendKeyedMessage(
  workflowId: string,
  visitorId: string,
  message: string,
  by: RunStarter | undefined,
  kind: "public-chat" | "ag-ui",
): Promise<SendResult> {
  const id =
    (await latestKeyedConversationId(workflowId, visitorId)) ??
    (await getDb().conversation.create({ data: { workflowId, visitorId, title: UNTITLED } })).id;
  return sendMessage(id, message, by, kind);
}

/** The newest conversation `visitorId` holds in the workflow, or null. */
export async function latestKeyedConversationId(workflowId: string, visitorId: string): Promise<string | null> {
  const found = await getDb().conversation.findFirst({
    where: { workflowId, visitorId },
    orderBy: { updatedAt: "desc" },
    select: { id: true },
  });
  return found?.id ?? null;
}

export type SendResult = { ok: true; runId: string; turnId: string } | Extract<StartRunResult, { ok: false }>;

/**
 * Starts the workflow on the message and records the turn; the first message also titles a conversation still untitled.
 * `kind`: the editor's Chat panel ("chat", the draft), a public chat visitor ("public-chat") or an AG-UI thread
 * ("ag-ui"); the last two run the published version.
 */
export async function sendMessage(
  conversationId: string,
  message: string,
  by?: RunStarter,
  kind: "chat" | "public-chat" | "ag-ui" = "chat",
): Promise<SendResult> {
  const conversation = await getDb().conversation.findUnique({ where: { id: conversationId } });
  if (!conversation)
    return { ok: false, reason: "not-found", message: `Conversation ${conversationId} does not exist` };
  const started = await startRun(conversation.workflowId, message, { kind, conversationId, by });
  if (!started.ok) return started;
  const turn = await getDb().chatTurn.create({ data: { conversationId, runId: started.runId, message } });
  const firstMessage =
    conversation.title === UNTITLED && (await getDb().chatTurn.count({ where: { conversationId } })) === 1;
  await getDb().conversation.update({
    where: { id: conversationId },
    data: firstMessage ? { title: titleFrom(message) } : { updatedAt: new Date() },
  });
  return { ok: true, runId: started.runId, turnId: turn.id };
}
