"use client";
/**
 * The editor's Chat panel: talk to the saved workflow as its users would. Conversations are kept
 * per workflow (pick one, start one, rename, delete); each message runs the workflow with the
 * message as its input, and an Agent or LLM with Memory on hears the conversation's last turns.
 * Answers stream in; a tool call waiting for approval is decided in the chat.
 * The agent can be switched to another workflow (use-agent-switch.ts), and the debug log shows
 * each context being built and torn down. The data lives in use-conversations.ts; this file is the view.
 */
import { Bug, MessageSquarePlus, Pencil, Send, Trash2, X } from "lucide-react";
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { Button } from "@/components/ui/button";
import type { ConversationView } from "@/lib/chat/conversations";
import { useEditorStoreApi } from "@/components/editor/editor-store-context";
import type { AgentChoice } from "./chat-api";
import { ChatTurn } from "./chat-turn";
import { DebugLog } from "./debug-log";
import { useAgentSwitch, useDebugLog } from "./use-agent-switch";
import { useComposer, useConversations, type Conversations } from "./use-conversations";
import "./chat.css";

export function ChatPanel({
  workflowId: editedWorkflowId,
  canSend,
  onClose,
}: {
  workflowId: string;
  canSend: boolean;
  onClose: () => void;
}) {
  const [workflowId, setWorkflowId] = useState(editedWorkflowId);
  const chat = useConversations(workflowId);
  const debug = useDebugLog();
  const { agents, agentName, switchAgent } = useAgentSwitch(workflowId, setWorkflowId, chat, debug);
  const composer = useComposer(workflowId, chat, debug.track);
  // Read when asked, not subscribed: the panel need not re-render while nodes are dragged.
  const store = useEditorStoreApi();
  const labelOf = (nodeId: string) => store.getState().nodes.find((node) => node.id === nodeId)?.data.label ?? nodeId;

  return (
    <aside className="chat-panel" data-testid="chat-panel" aria-label="Chat">
      <ChatHeader chat={chat} canSend={canSend} debugOpen={debug.open} toggleDebug={debug.toggle} onClose={onClose} />
      <AgentPicker
        workflowId={workflowId}
        editedWorkflowId={editedWorkflowId}
        agents={agents}
        onSwitch={(id) => void switchAgent(id)}
      />
      <ChatMessages current={chat.current} reload={chat.reload} labelOf={labelOf} canDecide={canSend} />
      {debug.open && <DebugLog notes={debug.notes} runs={debug.tracked} agentName={agentName} />}
      {chat.problem && (
        <p className="field-error chat-problem" data-testid="chat-problem">
          {chat.problem}
        </p>
      )}
      {canSend && <ChatCompose composer={composer} />}
    </aside>
  );
}

type HeaderProps = {
  chat: Conversations;
  canSend: boolean;
  debugOpen: boolean;
  toggleDebug: () => void;
  onClose: () => void;
};

/** Picking, starting, renaming and deleting conversations; the debug log's toggle; closing. */
function ChatHeader({ chat, canSend, debugOpen, toggleDebug, onClose }: HeaderProps) {
  const { current } = chat;
  return (
    <header className="chat-header">
      <ConversationSelect chat={chat} />
      {canSend && (
        <Button
          size="sm"
          onClick={() => void chat.startConversation()}
          data-testid="chat-new"
          title="New conversation"
          aria-label="New conversation"
        >
          <MessageSquarePlus size={14} aria-hidden />
        </Button>
      )}
      {canSend && current && (
        <>
          <Button
            size="sm"
            onClick={() => void chat.rename()}
            data-testid="chat-rename"
            title="Rename"
            aria-label="Rename conversation"
          >
            <Pencil size={14} aria-hidden />
          </Button>
          <Button
            size="sm"
            onClick={() => void chat.remove()}
            data-testid="chat-delete"
            title="Delete"
            aria-label="Delete conversation"
          >
            <Trash2 size={14} aria-hidden />
          </Button>
        </>
      )}
      <button
        type="button"
        className={debugOpen ? "chat-close chat-debug-toggle is-active" : "chat-close chat-debug-toggle"}
        onClick={toggleDebug}
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
  );
}

/** The conversation picker: one option per conversation of this workflow, or none picked. */
function ConversationSelect({ chat }: { chat: Conversations }) {
  const { current, conversations } = chat;
  return (
    <select
      className="chat-picker"
      data-testid="chat-conversations"
      value={current?.id ?? ""}
      onChange={(event) => (event.target.value ? void chat.open(event.target.value) : chat.setCurrent(null))}
      aria-label="Conversation"
    >
      <option value="">{conversations.length === 0 ? "No conversations yet" : "Pick a conversation…"}</option>
      {conversations.map((conversation) => (
        <option key={conversation.id} value={conversation.id}>
          {conversation.title}
        </option>
      ))}
    </select>
  );
}

type AgentPickerProps = {
  workflowId: string;
  editedWorkflowId: string;
  agents: AgentChoice[];
  onSwitch: (id: string) => void;
};

function AgentPicker({ workflowId, editedWorkflowId, agents, onSwitch }: AgentPickerProps) {
  return (
    <label className="chat-agent-row">
      Agent
      <select
        className="chat-picker"
        data-testid="chat-agent"
        value={workflowId}
        onChange={(event) => onSwitch(event.target.value)}
        aria-label="Agent"
      >
        {agents.length === 0 && <option value={workflowId}>This workflow</option>}
        {agents.map((agent) => (
          <option key={agent.id} value={agent.id}>
            {agent.id === editedWorkflowId ? `${agent.name} (this workflow)` : agent.name}
          </option>
        ))}
      </select>
    </label>
  );
}

type MessagesProps = {
  current: ConversationView | null;
  reload: () => void;
  labelOf: (nodeId: string) => string;
  canDecide: boolean;
};

/** The open conversation's turns, kept scrolled to the newest. */
function ChatMessages({ current, reload, labelOf, canDecide }: MessagesProps) {
  const bottom = useRef<HTMLDivElement>(null);
  // Braces: newer Chromium's scrollIntoView returns a promise, which React would take for a clean-up.
  useEffect(() => {
    bottom.current?.scrollIntoView({ block: "end" });
  }, [current?.turns.length]);
  return (
    <div className="chat-messages">
      {!current || current.turns.length === 0 ? (
        <p className="chat-empty">
          Send a message: the saved workflow runs with it as its input. Turn on Memory on an Agent or LLM to have it
          remember the conversation.
        </p>
      ) : (
        <ol className="chat-turns">
          {current.turns.map((turn) => (
            <ChatTurn key={turn.id} turn={turn} onSettled={reload} labelOf={labelOf} canDecide={canDecide} />
          ))}
        </ol>
      )}
      <div ref={bottom} />
    </div>
  );
}

function ChatCompose({ composer }: { composer: ReturnType<typeof useComposer> }) {
  const { draft, setDraft, sending, send } = composer;
  const sendOnEnter = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && !event.shiftKey) void send(event);
  };
  return (
    <form className="chat-compose" onSubmit={(event) => void send(event)}>
      <textarea
        data-testid="chat-input"
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={sendOnEnter}
        placeholder="Message the workflow… (Enter sends, Shift+Enter for a new line)"
        rows={2}
      />
      <Button
        variant="primary"
        type="submit"
        data-testid="chat-send"
        disabled={sending || draft.trim() === ""}
        aria-label="Send"
      >
        <Send size={14} aria-hidden />
      </Button>
    </form>
  );
}
