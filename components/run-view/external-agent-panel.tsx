"use client";
/**
 * For an External Agent node that waits: the gateway URL and token to paste into an MCP client (editors only), the
 * instructions, and Done.
 */
import { Plug } from "lucide-react";
import { useEffect, useState } from "react";
import type { RunEvent } from "@/lib/runs/events";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { PanelSection } from "./panel-section";

type Waiting = Extract<RunEvent, { type: "external.agent.waiting" }>["payload"];

function CopyField({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="external-field">
      <span className="external-field-label">{label}</span>
      <code data-testid={testId}>{value}</code>
      <CopyButton text={value} label={`Copy the ${label.toLowerCase()}`} />
    </div>
  );
}

/** Fetches the waiting node's gateway token (editors only) and sends the agent's answer with Done. */
function useExternalAgent(runId: string, nodeId: string, canAct: boolean) {
  const [token, setToken] = useState<string | null>(null);
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  useEffect(() => {
    if (!canAct) return;
    void fetch(`/api/runs/${runId}/external/${encodeURIComponent(nodeId)}`)
      .then(async (response) =>
        response.ok
          ? setToken(((await response.json()) as { token: string }).token)
          : setError("The token is no longer available"),
      )
      .catch(() => setError("Could not reach the server"));
  }, [runId, nodeId, canAct]);
  const done = async () => {
    setSending(true);
    const response = await fetch(`/api/runs/${runId}/external/${encodeURIComponent(nodeId)}/done`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ text }),
    });
    setSending(false);
    if (!response.ok) setError(((await response.json()) as { error?: string }).error ?? "Could not finish");
  };
  return { token, text, setText, error, sending, done };
}

function WaitingAgent({
  runId,
  waiting,
  canAct,
  labelOf,
}: {
  runId: string;
  waiting: Waiting;
  canAct: boolean;
  labelOf: (nodeId: string) => string;
}) {
  const { token, text, setText, error, sending, done } = useExternalAgent(runId, waiting.nodeId, canAct);
  return (
    <div className="external-agent" data-testid="external-agent">
      <p className="external-agent-title">
        <strong>{labelOf(waiting.nodeId)}</strong> waits for your agent until{" "}
        {new Date(waiting.expiresAt).toLocaleTimeString("en")}
      </p>
      {waiting.instructions && <p className="external-agent-instructions">{waiting.instructions}</p>}
      {canAct ? (
        <>
          <CopyField label="MCP URL" value={waiting.url} testId="external-url" />
          {token && <CopyField label="Bearer token" value={token} testId="external-token" />}
          <textarea
            className="input"
            rows={2}
            placeholder="What your agent found (becomes this node's output)"
            value={text}
            onChange={(e) => setText(e.target.value)}
            data-testid="external-answer"
          />
          <Button
            variant="primary"
            size="sm"
            onClick={() => void done()}
            disabled={sending}
            data-testid="external-done"
          >
            Done
          </Button>
        </>
      ) : (
        <p className="panel-empty">An editor hands the tools to an agent and presses Done.</p>
      )}
      {error && (
        <p className="run-input-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

export function ExternalAgentPanel({
  runId,
  events,
  runEnded,
  canAct,
  labelOf,
}: {
  runId: string;
  events: RunEvent[];
  runEnded: boolean;
  canAct: boolean;
  labelOf: (nodeId: string) => string;
}) {
  if (runEnded) return null;
  const finished = new Set(
    events.flatMap((event) =>
      event.type === "external.agent.done" || event.type === "node.wait.ended" ? [event.payload.nodeId] : [],
    ),
  );
  const waiting = events.flatMap((event) =>
    event.type === "external.agent.waiting" && !finished.has(event.payload.nodeId) ? [event.payload] : [],
  );
  if (waiting.length === 0) return null;
  return (
    <PanelSection title="External agent" icon={<Plug size={14} aria-hidden />} testId="external-agents">
      {waiting.map((item) => (
        <WaitingAgent key={item.nodeId} runId={runId} waiting={item} canAct={canAct} labelOf={labelOf} />
      ))}
    </PanelSection>
  );
}
