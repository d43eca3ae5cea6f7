"use client";
/**
 * The public chat as a visitor sees it, on its own page or inside the widget's iframe (`embed`): a header with the
 * chat's title, the welcome message, the visitor's turns with answers streaming in, and the message box — or the
 * access code form first, when the chat asks one.
 */
import { useEffect, useRef, useState } from "react";
import { MessageSquarePlus, SendHorizontal } from "lucide-react";
import { usePublicChat } from "@/hooks/use-public-chat";
import type { PublicChatInfo } from "@/lib/public-chat/info";
import { AccessCodeForm } from "./access-code-form";
import { PublicChatTurns } from "./public-chat-turns";
import "./public-chat.css";

type Props = { publicId: string; info: PublicChatInfo; embed: boolean };

export function PublicChatView({ publicId, info, embed }: Props) {
  const chat = usePublicChat({ publicId, accessCode: info.accessCode });
  return (
    <div className={`public-chat${embed ? " public-chat-embed" : ""}`} data-testid="public-chat">
      <header className="public-chat-header">
        <h1>{info.title}</h1>
        {chat.phase === "ready" && chat.turns.length > 0 && (
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => void chat.restart()}>
            <MessageSquarePlus size={14} aria-hidden /> New chat
          </button>
        )}
      </header>
      {!info.live && (
        <p className="public-chat-notice" role="status" data-testid="public-chat-not-live">
          This chat is not live yet: its workflow has not been published.
        </p>
      )}
      {chat.phase === "code" ? (
        <AccessCodeForm onSubmit={chat.submitCode} problem={chat.problem} />
      ) : (
        <>
          <PublicChatTurns welcome={info.welcomeMessage} turns={chat.turns} loading={chat.phase === "loading"} />
          {chat.problem && (
            <p className="public-chat-problem" role="alert" data-testid="public-chat-problem">
              {chat.problem}
            </p>
          )}
          <MessageBox disabled={chat.phase !== "ready" || chat.sending || !info.live} onSend={chat.send} />
        </>
      )}
    </div>
  );
}

function MessageBox({ disabled, onSend }: { disabled: boolean; onSend: (message: string) => Promise<void> }) {
  const [text, setText] = useState("");
  const input = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (!disabled) input.current?.focus();
  }, [disabled]);
  const submit = () => {
    const message = text.trim();
    if (!message || disabled) return;
    setText("");
    void onSend(message);
  };
  return (
    <form
      className="public-chat-compose"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <textarea
        ref={input}
        className="input textarea"
        rows={2}
        placeholder="Write a message…"
        aria-label="Message"
        value={text}
        maxLength={4000}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Enter" && !event.shiftKey) {
            event.preventDefault();
            submit();
          }
        }}
        data-testid="public-chat-input"
      />
      <button type="submit" className="btn btn-primary btn-md" disabled={disabled || !text.trim()} aria-label="Send">
        <SendHorizontal size={16} aria-hidden />
      </button>
    </form>
  );
}
