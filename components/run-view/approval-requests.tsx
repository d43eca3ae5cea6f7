"use client";
/**
 * Calls waiting for a person, and the decisions made: the tool and its arguments with Approve /
 * Deny, and optionally the arguments edited as JSON before approving. Pending state comes from
 * the run's events, so it survives a reload; the decision arrives back as an event.
 */
import "./gateway-decisions.css";
import { ShieldCheck } from "lucide-react";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { cx } from "@/components/ui/class-names";
import { sendApprovalDecision, type ApprovalDecisionInput } from "./approval-api";
import type { ApprovalView } from "./derive-gateway-decisions";
import { prettyValue } from "./format-value";
import { PanelSection } from "./panel-section";
import { ValueBlock } from "./value-block";
import { DecisionButtons } from "./decision-buttons";

/** `canDecide` is false for viewers: they see what waits, not the buttons. */
type ApprovalRequestsProps = {
  runId: string;
  approvals: ApprovalView[];
  labelOf: (nodeId: string) => string;
  canDecide: boolean;
};

export function ApprovalRequests({ runId, approvals, labelOf, canDecide }: ApprovalRequestsProps) {
  if (approvals.length === 0) return null;
  const pending = approvals.filter((approval) => approval.state === "pending").length;
  return (
    <PanelSection
      title="Approvals"
      icon={<ShieldCheck size={14} aria-hidden />}
      count={pending || approvals.length}
      testId="approvals"
    >
      <div className="tool-call-list">
        {approvals.map((approval) => (
          <ApprovalCard
            key={approval.callId}
            runId={runId}
            approval={approval}
            labelOf={labelOf}
            canDecide={canDecide}
          />
        ))}
      </div>
    </PanelSection>
  );
}

const OUTCOME: Record<Exclude<ApprovalView["state"], "pending">, { tone: "success" | "danger"; label: string }> = {
  approved: { tone: "success", label: "Approved" },
  denied: { tone: "danger", label: "Denied" },
};

/** One call waiting for (or decided by) a person; the chat shows these on their own, under the answer being written. */
export function ApprovalCard({
  runId,
  approval,
  labelOf,
  canDecide,
}: {
  runId: string;
  approval: ApprovalView;
  labelOf: (nodeId: string) => string;
  canDecide: boolean;
}) {
  const { editing, setEditing, argsText, setArgsText, error, sending, decide } = useApprovalDecision(runId, approval);
  const isPending = approval.state === "pending";

  return (
    <article
      className={cx("gateway-card", isPending && "is-pending", approval.state === "approved" && "is-approved")}
      data-testid="approval-request"
      data-state={approval.state}
      data-tool-name={approval.toolName}
    >
      <ApprovalHeader approval={approval} labelOf={labelOf} />
      {isPending ? (
        <p className="gateway-reason">
          Waiting for your decision; denied automatically after {approval.timeoutSeconds} s.
        </p>
      ) : (
        <p className="gateway-reason" data-testid="approval-detail">
          {decisionText(approval)}
        </p>
      )}
      <ApprovalArgs approval={approval} editable={isPending && editing} argsText={argsText} setArgsText={setArgsText} />
      {isPending && canDecide && (
        <DecisionButtons
          sending={sending}
          editing={editing}
          canEdit
          labels={{
            approve: "Approve",
            approveEdited: "Approve with these arguments",
            reject: "Deny",
            edit: "Edit arguments",
          }}
          testIds={{ approve: "approve-call", reject: "deny-call", edit: "edit-call-args" }}
          onApprove={() => decide("approved")}
          onReject={() => decide("denied")}
          onEdit={() => setEditing(true)}
        />
      )}
      {error && (
        <p className="approval-error" role="alert" data-testid="approval-error">
          {error}
        </p>
      )}
    </article>
  );
}

/** The decision being made on one call: its arguments as edited JSON, and sending Approve or Deny. */
function useApprovalDecision(runId: string, approval: ApprovalView) {
  const [editing, setEditing] = useState(false);
  const [argsText, setArgsText] = useState(() => prettyValue(approval.args ?? {}));
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  async function decide(decision: ApprovalDecisionInput["decision"]) {
    const input: ApprovalDecisionInput = { decision };
    if (decision === "approved" && editing) {
      const parsed = parseArgs(argsText);
      if (typeof parsed === "string") return setError(parsed);
      input.args = parsed;
    }
    setSending(true);
    setError(await sendApprovalDecision(runId, approval.callId, input));
    setSending(false);
  }
  return { editing, setEditing, argsText, setArgsText, error, sending, decide };
}

/** The tool's name, the outcome once decided, and which agent asked. */
function ApprovalHeader({ approval, labelOf }: { approval: ApprovalView; labelOf: (nodeId: string) => string }) {
  return (
    <header className="tool-call-header">
      <code className="tool-call-name" data-testid="approval-tool-name">
        {approval.toolName}
      </code>
      {approval.state !== "pending" && (
        <Badge tone={OUTCOME[approval.state].tone}>
          <span data-testid="approval-outcome">{OUTCOME[approval.state].label}</span>
        </Badge>
      )}
      <span className="tool-call-meta">{labelOf(approval.agentNodeId)}</span>
    </header>
  );
}

type ApprovalArgsProps = {
  approval: ApprovalView;
  editable: boolean;
  argsText: string;
  setArgsText: (text: string) => void;
};

/** The call's arguments: as JSON to edit while approving, else as approved (or asked for). */
function ApprovalArgs({ approval, editable, argsText, setArgsText }: ApprovalArgsProps) {
  return (
    <section className="tool-call-section">
      <h4>Arguments</h4>
      {editable ? (
        <textarea
          className="approval-args-editor"
          value={argsText}
          onChange={(e) => setArgsText(e.target.value)}
          spellCheck={false}
          aria-label="Arguments as JSON"
          data-testid="approval-args-editor"
        />
      ) : (
        <ValueBlock value={approval.approvedArgs ?? approval.args ?? {}} collapsible testId="approval-args" />
      )}
    </section>
  );
}

function decisionText(approval: ApprovalView): string {
  if (approval.by === "timeout") return "Nobody decided in time";
  if (approval.by === "run-end") return "Not decided: the run ended first";
  if (approval.by === "person") {
    const decision = approval.state === "approved" ? "Approved" : "Denied";
    return `${decision} by a person${approval.reason ? `: ${approval.reason}` : ""}`;
  }
  return `Not decided: ${approval.reason ?? "the run ended first"}`;
}

/** The edited arguments, or a message saying what is wrong with them. */
function parseArgs(text: string): Record<string, unknown> | string {
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === "object" && !Array.isArray(value)) return value as Record<string, unknown>;
    return 'Arguments must be a JSON object, e.g. { "url": "…" }';
  } catch (error) {
    return `Arguments are not valid JSON: ${error instanceof Error ? error.message : String(error)}`;
  }
}
