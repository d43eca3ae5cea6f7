"use client";
/**
 * The editor's Chat panel: talk to the saved workflow as its users would. Conversations are kept
 * per workflow (pick one, start one, rename, delete); each message runs the workflow with the
 * message as its input, and an Agent or LLM with Memory on hears the conversation's last turns.
 * Answers stream in; a tool call waiting for approval is decided in the chat.
 * The agent can be switched to another workflow: an answer in progress is wound down (its tool
 * calls get SWITCH_GRACE_SECONDS to finish, then it is stopped with a warning), and the debug
 * log shows each context being built and torn down.
 */
import { Bug, MessageSquarePlus, Pencil, Send, Trash2, X } from "lucide-react";
import { useCallback, useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { Button } from "@/components/ui/button";
import type { ConversationSummary, ConversationView } from "@/lib/chat/conversations";
import { useEditorStoreApi } from "@/components/editor/editor-store-context";
import { chatApi, type AgentChoice } from "./chat-api";
import { ChatTurn } from "./chat-turn";
import { DebugLog, type TrackedRun } from "./debug-log";
import type { DebugLine } from "./debug-lines";
import "./chat.css";

/** How long a switch lets the previous answer's tool calls finish before stopping it anyway. */
const SWITCH_GRACE_SECONDS = 5;
/** How many answers the debug log follows. */
const TRACKED_RUNS = 6;

export function ChatPanel({ workflowId: editedWorkflowId, canSend, onClose }: { workflowId: string; canSend: boolean; onClose: () => void }) {
  const [workflowId, setWorkflowId] = useState(editedWorkflowId);
  const [agents, setAgents] = useState<AgentChoice[]>([]);
  const [debugOpen, setDebugOpen] = useState(false);
  const [notes, setNotes] = useState<DebugLine[]>([]);
  const [tracked, setTracked] = useState<TrackedRun[]>([]);
  const [conversations, setConversations] = useState<ConversationSummary[]>([]);
  const [current, setCurrent] = useState<ConversationView | null>(null);
  const [draft, setDraft] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const bottom = useRef<HTMLDivElement>(null);
  // Read when asked, not subscribed: the panel need not re-render while nodes are dragged.
  const store = useEditorStoreApi();
  const labelOf = (nodeId: string) => store.getState().nodes.find((node) => node.id === nodeId)?.data.label ?? nodeId;

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
  useEffect(() => {
    void attempt(async () => setAgents(await chatApi.agents()));
  }, [attempt]);

  const agentName = (id: string) => agents.find((agent) => agent.id === id)?.name ?? "this workflow";
  const note = (level: DebugLine["level"], text: string) => setNotes((all) => [...all, { at: new Date().toISOString(), level, text }]);
  const track = (runId: string, workflowId: string) =>
    setTracked((all) => (all.some((run) => run.runId === runId) ? all : [...all, { runId, workflowId, at: new Date().toISOString() }].slice(-TRACKED_RUNS)));

  const switchAgent = (nextId: string) =>
    attempt(async () => {
      if (nextId === workflowId) return;
      const live = current?.turns.filter((turn) => turn.status === "queued" || turn.status === "running") ?? [];
      if (live.length > 0) {
        note("info", `Switching to ${agentName(nextId)}: stopping the answer in progress (its tool calls get up to ${SWITCH_GRACE_SECONDS} s)`);
        live.forEach((turn) => track(turn.runId, workflowId));
        await Promise.all(live.map((turn) => chatApi.stop(turn.runId, SWITCH_GRACE_SECONDS).catch(() => undefined)));
      }
      setWorkflowId(nextId);
      setCurrent(null);
      note("info", `Now talking to ${agentName(nextId)}: its context is built with your next message`);
    });
  // Braces: newer Chromium's scrollIntoView returns a promise, which React would take for a clean-up.
  useEffect(() => {
    bottom.current?.scrollIntoView({ block: "end" });
  }, [current?.turns.length]);

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
      if (!current || !window.confirm(`Delete "${current.title}" and its messages? The runs stay in the history.`)) return;
      await chatApi.remove(current.id);
      setCurrent(null);
      await refreshList();
    });
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
  const sendOnEnter = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && !event.shiftKey) void send(event);
  };

  return (
    <aside className="chat-panel" data-testid="chat-panel" aria-label="Chat">
      <header className="chat-header">
        <select className="chat-picker" data-testid="chat-conversations" value={current?.id ?? ""} onChange={(event) => (event.target.value ? void open(event.target.value) : setCurrent(null))} aria-label="Conversation">
          <option value="">{conversations.length === 0 ? "No conversations yet" : "Pick a conversation…"}</option>
          {conversations.map((conversation) => (
            <option key={conversation.id} value={conversation.id}>
              {conversation.title}
            </option>
          ))}
        </select>
        {canSend && (
          <Button size="sm" onClick={() => void startConversation()} data-testid="chat-new" title="New conversation" aria-label="New conversation">
            <MessageSquarePlus size={14} aria-hidden />
          </Button>
        )}
        {canSend && current && (
          <>
            <Button size="sm" onClick={() => void rename()} data-testid="chat-rename" title="Rename" aria-label="Rename conversation">
              <Pencil size={14} aria-hidden />
            </Button>
            <Button size="sm" onClick={() => void remove()} data-testid="chat-delete" title="Delete" aria-label="Delete conversation">
              <Trash2 size={14} aria-hidden />
            </Button>
          </>
        )}
        <button
          type="button"
          className={debugOpen ? "chat-close chat-debug-toggle is-active" : "chat-close chat-debug-toggle"}
          onClick={() => setDebugOpen(!debugOpen)}
          aria-pressed={debugOpen}
          aria-label="Debug log"
          title="Debug log"
          data-testid="chat-debug-toggle"
        >
          <Bug size={15} aria-hidden />
        </button>
        <button type="button" className="chat-close" onClick={onClose} aria-label="Close chat" data-testid="chat-close">
          <X size={15} aria-hidden />
        </button>
      </header>
      <label className="chat-agent-row">
        Agent
        <select className="chat-picker" data-testid="chat-agent" value={workflowId} onChange={(event) => void switchAgent(event.target.value)} aria-label="Agent">
          {agents.length === 0 && <option value={workflowId}>This workflow</option>}
          {agents.map((agent) => (
            <option key={agent.id} value={agent.id}>
              {agent.id === editedWorkflowId ? `${agent.name} (this workflow)` : agent.name}
            </option>
          ))}
        </select>
      </label>
      <div className="chat-messages">
        {!current || current.turns.length === 0 ? (
          <p className="chat-empty">Send a message: the saved workflow runs with it as its input. Turn on Memory on an Agent or LLM to have it remember the conversation.</p>
        ) : (
          <ol className="chat-turns">
            {current.turns.map((turn) => (
              <ChatTurn key={turn.id} turn={turn} onSettled={reload} labelOf={labelOf} canDecide={canSend} />
            ))}
          </ol>
        )}
        <div ref={bottom} />
      </div>
      {debugOpen && <DebugLog notes={notes} runs={tracked} agentName={agentName} />}
      {problem && (
        <p className="field-error chat-problem" data-testid="chat-problem">
          {problem}
        </p>
      )}
      {canSend && (
        <form className="chat-compose" onSubmit={(event) => void send(event)}>
          <textarea data-testid="chat-input" value={draft} onChange={(event) => setDraft(event.target.value)} onKeyDown={sendOnEnter} placeholder="Message the workflow… (Enter sends, Shift+Enter for a new line)" rows={2} />
          <Button variant="primary" type="submit" data-testid="chat-send" disabled={sending || draft.trim() === ""} aria-label="Send">
            <Send size={14} aria-hidden />
          </Button>
        </form>
      )}
    </aside>
  );
}
