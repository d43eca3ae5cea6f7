"use client";
/**
 * The one-time approval page's form: the value (editable as JSON when the step allows), Approve and Reject;
 * sent once.
 */
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { prettyValue } from "@/components/run-view/format-value";

export function ApprovalLinkForm({ token, value, allowEdit }: { token: string; value: unknown; allowEdit: boolean }) {
  const [text, setText] = useState(() => prettyValue(value));
  const [answer, setAnswer] = useState<{ ok: boolean; message: string } | null>(null);
  const [sending, setSending] = useState(false);
  async function decide(decision: "approved" | "rejected") {
    let edited: unknown;
    if (decision === "approved" && allowEdit && text !== prettyValue(value)) {
      try {
        edited = JSON.parse(text);
      } catch {
        return setAnswer({ ok: false, message: "The value is not valid JSON" });
      }
    }
    setSending(true);
    const response = await fetch(`/api/resume/${encodeURIComponent(token)}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ decision, ...(edited === undefined ? {} : { value: edited }) }),
    });
    setSending(false);
    const body = (await response.json().catch(() => ({}))) as { error?: string };
    setAnswer(
      response.ok
        ? { ok: true, message: decision === "approved" ? "Approved. The run goes on." : "Rejected. The run goes on." }
        : { ok: false, message: body.error ?? `The server answered ${response.status}` },
    );
  }
  if (answer?.ok) return <p data-testid="link-answer">{answer.message}</p>;
  return (
    <div className="form-stack">
      <textarea
        className="input"
        rows={8}
        value={text}
        readOnly={!allowEdit}
        onChange={(event) => setText(event.target.value)}
        spellCheck={false}
        aria-label="Value"
        data-testid="link-value"
      />
      <div className="approval-actions">
        <Button variant="primary" disabled={sending} onClick={() => decide("approved")} data-testid="link-approve">
          Approve
        </Button>
        <Button variant="danger" disabled={sending} onClick={() => decide("rejected")} data-testid="link-reject">
          Reject
        </Button>
      </div>
      {answer && (
        <p role="alert" data-testid="link-answer">
          {answer.message}
        </p>
      )}
    </div>
  );
}
