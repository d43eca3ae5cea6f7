"use client";
/** The visitor's conversation: the welcome message, then each message and its answer (streaming, then kept). */
import { useEffect, useRef } from "react";
import type { PublicTurn } from "@/lib/public-chat/visitor-conversation";

type Props = { welcome: string; turns: PublicTurn[]; loading: boolean };

export function PublicChatTurns({ welcome, turns, loading }: Props) {
  const end = useRef<HTMLDivElement>(null);
  const last = turns.at(-1);
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: "end" });
  }, [turns.length, last?.answer]);
  return (
    <div className="public-chat-turns" aria-live="polite" data-testid="public-chat-turns">
      {welcome && <div className="public-chat-bubble public-chat-answer">{welcome}</div>}
      {loading && <p className="public-chat-muted">Loading…</p>}
      {turns.map((turn, index) => (
        <div key={`${turn.createdAt}-${index}`} className="public-chat-turn">
          <div className="public-chat-bubble public-chat-mine" data-testid="public-chat-message">
            {turn.message}
          </div>
          <div
            className={`public-chat-bubble public-chat-answer${turn.status === "failed" ? " is-failed" : ""}`}
            data-testid="public-chat-answer"
            data-status={turn.status}
          >
            {turn.answer || (turn.status === "answering" ? <span className="public-chat-typing">…</span> : "")}
          </div>
        </div>
      ))}
      <div ref={end} />
    </div>
  );
}
