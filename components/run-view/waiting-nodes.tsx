"use client";
/**
 * The nodes a run waits on while it is suspended: what each waits for and until when; for an
 * Approval step its question and value with Approve / Reject (and the value edited as JSON first);
 * for editors, the one-time links a wait can be ended with (fetched on demand: links are no events).
 */
import "./gateway-decisions.css";
import { Hourglass } from "lucide-react";
import { useEffect, useState } from "react";
import { CopyButton } from "@/components/ui/copy-button";
import { WAIT_TEXT } from "./timeline-wait-events";
import type { WaitView } from "./derive-run-state";
import { prettyValue } from "./format-value";
import { PanelSection } from "./panel-section";
import { ValueBlock } from "./value-block";
import { DecisionButtons } from "./decision-buttons";

type Links = { resumeUrl?: string; pageUrl?: string };

const waitUrl = (runId: string, nodeId: string) =>
  `/api/runs/${encodeURIComponent(runId)}/waits/${encodeURIComponent(nodeId)}`;

function useLinks(runId: string, wait: WaitView, canAct: boolean): Links {
  const [links, setLinks] = useState<Links>({});
  const wantsLinks = canAct && (wait.kind === "approval" || wait.kind === "webhook");
  useEffect(() => {
    if (!wantsLinks) return;
    void fetch(waitUrl(runId, wait.nodeId))
      .then(async (response) => (response.ok ? setLinks((await response.json()) as Links) : undefined))
      .catch(() => undefined);
  }, [runId, wait.nodeId, wantsLinks]);
  return links;
}

function LinkField({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="external-field">
      <span className="external-field-label">{label}</span>
      <code data-testid={testId}>{value}</code>
      <CopyButton text={value} label={`Copy the ${label.toLowerCase()}`} />
    </div>
  );
}

/** The value as edited, or a message saying why it is not JSON. */
function parseValue(text: string): { value: unknown } | string {
  try {
    return { value: JSON.parse(text) as unknown };
  } catch (error) {
    return `The value is not valid JSON: ${error instanceof Error ? error.message : String(error)}`;
  }
}

function ApprovalActions({ runId, wait }: { runId: string; wait: WaitView }) {
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(() => prettyValue(wait.detail.value ?? null));
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  async function decide(decision: "approved" | "rejected") {
    const edited = decision === "approved" && editing ? parseValue(text) : { value: undefined };
    if (typeof edited === "string") return setError(edited);
    setSending(true);
    const response = await fetch(waitUrl(runId, wait.nodeId), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ decision, ...(edited.value === undefined ? {} : { value: edited.value }) }),
    });
    setSending(false);
    if (!response.ok) setError(((await response.json()) as { error?: string }).error ?? `Answered ${response.status}`);
  }
  return (
    <>
      {editing && (
        <textarea
          className="approval-args-editor"
          value={text}
          onChange={(event) => setText(event.target.value)}
          spellCheck={false}
          aria-label="Value as JSON"
          data-testid="step-value-editor"
        />
      )}
      <DecisionButtons
        sending={sending}
        editing={editing}
        canEdit={wait.detail.allowEdit !== false}
        labels={{ approve: "Approve", approveEdited: "Approve with this value", reject: "Reject", edit: "Edit value" }}
        testIds={{ approve: "approve-step", reject: "reject-step", edit: "edit-step-value" }}
        onApprove={() => decide("approved")}
        onReject={() => decide("rejected")}
        onEdit={() => setEditing(true)}
      />
      {error && (
        <p className="approval-error" role="alert" data-testid="step-error">
          {error}
        </p>
      )}
    </>
  );
}

function WaitCard({ runId, wait, canAct, label }: { runId: string; wait: WaitView; canAct: boolean; label: string }) {
  const links = useLinks(runId, wait, canAct);
  const until = wait.until ? new Date(wait.until).toLocaleString("en") : null;
  return (
    <article
      className="gateway-card is-pending"
      data-testid="wait-card"
      data-kind={wait.kind}
      data-node-id={wait.nodeId}
    >
      <p className="gateway-reason">
        <strong>{label}</strong> waits {WAIT_TEXT[wait.kind]}
        {until && <span data-testid="wait-until"> until {until}</span>}
      </p>
      {wait.kind === "approval" && (
        <>
          {typeof wait.detail.message === "string" && <p data-testid="step-question">{wait.detail.message}</p>}
          <ValueBlock value={wait.detail.value ?? null} collapsible testId="step-value" />
          {canAct && <ApprovalActions runId={runId} wait={wait} />}
        </>
      )}
      {links.resumeUrl && wait.kind === "webhook" && (
        <LinkField label="Resume URL" value={links.resumeUrl} testId="wait-resume-url" />
      )}
      {links.pageUrl && <LinkField label="One-time link" value={links.pageUrl} testId="wait-page-url" />}
    </article>
  );
}

export function WaitingNodes({
  runId,
  waits,
  runEnded,
  canAct,
  labelOf,
}: {
  runId: string;
  waits: WaitView[];
  runEnded: boolean;
  canAct: boolean;
  labelOf: (nodeId: string) => string;
}) {
  const open = runEnded ? [] : waits.filter((wait) => !wait.ended && wait.kind !== "external");
  if (open.length === 0) return null;
  return (
    <PanelSection title="Waiting" icon={<Hourglass size={14} aria-hidden />} count={open.length} testId="waiting-nodes">
      <div className="tool-call-list">
        {open.map((wait) => (
          <WaitCard key={wait.nodeId} runId={runId} wait={wait} canAct={canAct} label={labelOf(wait.nodeId)} />
        ))}
      </div>
    </PanelSection>
  );
}
