"use client";
/**
 * The public chat's settings fields in the workflow settings (workflow-public-chat.tsx): each saved when it is left
 * (blur) or its button pressed, so half-typed text is never sent.
 */
import { useEffect, useState } from "react";
import type { PublicChatSettings, PublicChatUpdate } from "@/lib/public-chat/settings";

type FieldsProps = { settings: PublicChatSettings; save: (change: PublicChatUpdate) => Promise<boolean> };

/** A text field that keeps what is typed and saves it on blur when it changed. */
function SavedText(props: {
  id: string;
  label: string;
  value: string;
  rows?: number;
  placeholder?: string;
  help?: string;
  onSave: (value: string) => Promise<boolean>;
}) {
  const [text, setText] = useState(props.value);
  // What the server kept (an origin made canonical, say) replaces what was typed.
  useEffect(() => setText(props.value), [props.value]);
  const commit = () => {
    if (text !== props.value) void props.onSave(text);
  };
  const common = {
    id: props.id,
    value: text,
    placeholder: props.placeholder,
    onBlur: commit,
    "data-testid": props.id,
  };
  return (
    <div className="field">
      <label className="field-label" htmlFor={props.id}>
        {props.label}
      </label>
      {props.rows ? (
        <textarea {...common} className="input textarea" rows={props.rows} onChange={(e) => setText(e.target.value)} />
      ) : (
        <input {...common} className="input" onChange={(e) => setText(e.target.value)} />
      )}
      {props.help && <p className="field-help">{props.help}</p>}
    </div>
  );
}

export function PublicChatTexts({ settings, save }: FieldsProps) {
  return (
    <>
      <SavedText
        id="public-chat-title"
        label="Title"
        value={settings.title}
        placeholder="Chat"
        onSave={(title) => save({ title })}
      />
      <SavedText
        id="public-chat-welcome"
        label="Welcome message"
        value={settings.welcomeMessage}
        rows={2}
        placeholder="Hi! How can I help?"
        onSave={(welcomeMessage) => save({ welcomeMessage })}
      />
    </>
  );
}

export function PublicChatOrigins({ settings, save }: FieldsProps) {
  return (
    <SavedText
      id="public-chat-origins"
      label="Sites that may embed it"
      value={settings.allowedOrigins.join("\n")}
      rows={3}
      placeholder="https://www.example.com"
      help="One origin a line. Empty: the chat works only on its own page, and no site can embed it."
      onSave={(text) => save({ allowedOrigins: text.split(/[\s,]+/).filter(Boolean) })}
    />
  );
}

export function PublicChatAccessCode({ settings, save }: FieldsProps) {
  const [code, setCode] = useState("");
  return (
    <div className="field">
      <label className="field-label" htmlFor="public-chat-access-code">
        Access code {settings.hasAccessCode ? "(set)" : "(none)"}
      </label>
      <div className="public-chat-copy">
        <input
          id="public-chat-access-code"
          className="input"
          type="password"
          autoComplete="new-password"
          data-testid="public-chat-access-code"
          placeholder={settings.hasAccessCode ? "A new code" : "Ask visitors for a code"}
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          disabled={code.length === 0}
          onClick={() => void save({ accessCode: code }).then((saved) => saved && setCode(""))}
          data-testid="public-chat-set-code"
        >
          Set
        </button>
        {settings.hasAccessCode && (
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => void save({ accessCode: null })}>
            Remove
          </button>
        )}
      </div>
      <p className="field-help">Only a hash of the code is kept; setting a new one asks every visitor again.</p>
    </div>
  );
}

export function PublicChatLimits({ settings, save }: FieldsProps) {
  const number = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text) : Number.NaN);
  return (
    <div className="public-chat-limits">
      <SavedText
        id="public-chat-visitor-limit"
        label="Messages a minute, per visitor"
        value={String(settings.visitorMessagesPerMinute)}
        onSave={(text) => save({ visitorMessagesPerMinute: number(text) })}
      />
      <SavedText
        id="public-chat-chat-limit"
        label="Messages a minute, in all"
        value={String(settings.messagesPerMinute)}
        onSave={(text) => save({ messagesPerMinute: number(text) })}
      />
    </div>
  );
}
