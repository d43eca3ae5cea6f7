"use client";
/** The access code a chat may ask before anyone can write to it. */
import { useState } from "react";
import { KeyRound } from "lucide-react";

type Props = { onSubmit: (code: string) => Promise<void>; problem: string | null };

export function AccessCodeForm({ onSubmit, problem }: Props) {
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  return (
    <form
      className="public-chat-code"
      onSubmit={(event) => {
        event.preventDefault();
        setBusy(true);
        void onSubmit(code).finally(() => setBusy(false));
      }}
      data-testid="public-chat-code-form"
    >
      <KeyRound size={22} aria-hidden />
      <label className="field-label" htmlFor="public-chat-code">
        This chat asks for an access code
      </label>
      <input
        id="public-chat-code"
        className="input"
        type="password"
        autoComplete="off"
        value={code}
        onChange={(event) => setCode(event.target.value)}
        aria-invalid={problem ? true : undefined}
        data-testid="public-chat-code"
      />
      {problem && (
        <p className="public-chat-problem" role="alert">
          {problem}
        </p>
      )}
      <button type="submit" className="btn btn-primary btn-md" disabled={busy || code.length === 0}>
        Continue
      </button>
    </form>
  );
}
