"use client";
/** The Chat panel's data: a workflow's conversations, the open one, what went wrong, and sending a message. */
import { useCallback, useEffect, useState, type FormEvent } from "react";
import type { ConversationSummary, ConversationView } from "@/lib/chat/conversations";
import { chatApi } from "./chat-api";

export type Conversations = ReturnType<typeof useConversations>;

export function useConversations(workflowId: string) {
  const [conversations, setConversations] = useState<ConversationSummary[]>([]);
  const [current, setCurrent] = useState<ConversationView | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  /** Runs a piece of work, showing its error (if any) as the panel's problem. */
  const attempt = useCallback(async (work: () => Promise<void>) => {
    setProblem(null);
    try {
      await work();
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    }
  }, []);
  const refreshList = useCallback(async () => setConversations(await chatApi.list(workflowId)), [workflowId]);
  const open = useCallback((id: string) => attempt(async () => setCurrent(await chatApi.get(id))), [attempt]);
  const reload = useCallback(() => {
    if (current) void attempt(async () => setCurrent(await chatApi.get(current.id)));
  }, [attempt, current]);

  useEffect(() => {
    void attempt(refreshList);
  }, [attempt, refreshList]);

  const startConversation = () =>
    attempt(async () => {
      const created = await chatApi.create(workflowId);
      await refreshList();
      setCurrent({ ...created, turns: [] });
    });
  const rename = () =>
    attempt(async () => {
      if (!current) return;
      const title = window.prompt("Name this conversation", current.title)?.trim();
      if (!title) return;
      await chatApi.rename(current.id, title);
      setCurrent({ ...current, title });
      await refreshList();
    });
  const remove = () =>
    attempt(async () => {
      if (!current || !window.confirm(`Delete "${current.title}" and its messages? The runs stay in the history.`))
        return;
      await chatApi.remove(current.id);
      setCurrent(null);
      await refreshList();
    });
  return {
    conversations,
    current,
    setCurrent,
    problem,
    attempt,
    refreshList,
    open,
    reload,
    startConversation,
    rename,
    remove,
  };
}

/**
 * The message being written, and sending it (into the open conversation, or a new one). `track`: the debug log follows
 * the run.
 */
export function useComposer(
  workflowId: string,
  chat: Conversations,
  track: (runId: string, workflowId: string) => void,
) {
  const [draft, setDraft] = useState("");
  const [sending, setSending] = useState(false);
  const { current, attempt, setCurrent, refreshList } = chat;
  const send = async (event?: FormEvent) => {
    event?.preventDefault();
    const text = draft.trim();
    if (!text || sending) return;
    setSending(true);
    let sentTo: string | undefined;
    await attempt(async () => {
      const conversation = current ?? { ...(await chatApi.create(workflowId)), turns: [] };
      const { runId } = await chatApi.send(conversation.id, text);
      track(runId, workflowId);
      setDraft("");
      sentTo = conversation.id;
    });
    // Free for the next message as soon as this one is taken, not once the lists are read again.
    setSending(false);
    if (sentTo) {
      const conversationId = sentTo;
      await attempt(async () => {
        setCurrent(await chatApi.get(conversationId));
        await refreshList();
      });
    }
  };
  return { draft, setDraft, sending, send };
}
