/**
 * A model node's conversation as the run recorded it: each message with its role, text, the tools it called and what
 * they answered.
 */
import { Bot, Cog, User, Wrench } from "lucide-react";
import type { ReactNode } from "react";
import type { TranscriptMessage, TranscriptPart } from "@/lib/runs/transcript";
import { cx } from "@/components/ui/class-names";
import { ValueBlock } from "./value-block";

const ROLES: Record<TranscriptMessage["role"], { label: string; icon: ReactNode }> = {
  system: { label: "System", icon: <Cog size={12} aria-hidden /> },
  user: { label: "User", icon: <User size={12} aria-hidden /> },
  assistant: { label: "Model", icon: <Bot size={12} aria-hidden /> },
  tool: { label: "Tool results", icon: <Wrench size={12} aria-hidden /> },
};

function Part({ part }: { part: TranscriptPart }) {
  switch (part.type) {
    case "text":
      return <p className="message-text">{part.text}</p>;
    case "reasoning":
      return <p className="message-text message-reasoning">{part.text}</p>;
    case "tool-call":
      return (
        <div className="message-tool-part">
          <span className="message-tool-label">
            calls <code>{part.toolName}</code>
          </span>
          <ValueBlock value={part.input ?? {}} collapsible />
        </div>
      );
    case "tool-result":
      return (
        <div className="message-tool-part">
          <span className="message-tool-label">
            <code>{part.toolName}</code> answered{part.isError ? " with an error" : ""}
          </span>
          <ValueBlock value={part.output ?? null} collapsible tone={part.isError ? "error" : "plain"} />
        </div>
      );
    case "file":
      return <p className="message-text message-file">[{part.mediaType}]</p>;
  }
}

export function Conversation({ messages }: { messages: TranscriptMessage[] }) {
  return (
    <ol className="conversation">
      {messages.map((message, index) => (
        <li
          key={index}
          className={cx("message", `message-${message.role}`)}
          data-testid="conversation-message"
          data-role={message.role}
        >
          <span className="message-role">
            {ROLES[message.role].icon} {ROLES[message.role].label}
          </span>
          {message.parts.map((part, partIndex) => (
            <Part key={partIndex} part={part} />
          ))}
        </li>
      ))}
    </ol>
  );
}
