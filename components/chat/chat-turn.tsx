"use client";
/**
 * One turn of a chat: the person's message, then the workflow's answer — streaming in with the
 * tools it calls and any call waiting for approval (decided right here) while its run goes,
 * followed over the run's event stream; the answer or what went wrong once it ended, and a link
 * to the run.
 */
import { LoaderCircle, Wrench } from "lucide-react";
import Link from "next/link";
import { useEffect, useMemo } from "react";
import { useRunEvents } from "@/hooks/use-run-events";
import type { ChatTurnView } from "@/lib/chat/conversations";
import { formatUsd } from "@/lib/settings/format-usd";
import { deriveRunState } from "@/components/run-view/derive-run-state";
import { deriveApprovals } from "@/components/run-view/derive-gateway-decisions";
import { ApprovalCard } from "@/components/run-view/approval-requests";
// The approval card's and its values' styles (tool-call-*, value-*), shared with the run view.
import "@/components/run-view/run-view.css";

const NO_AGENTS: ReadonlySet<string> = new Set();

type ChatTurnProps = {
  turn: ChatTurnView;
  onSettled: () => void;
  labelOf: (nodeId: string) => string;
  canDecide: boolean;
};

export function ChatTurn({ turn, onSettled, labelOf, canDecide }: ChatTurnProps) {
  const live = turn.status === "queued" || turn.status === "running" || turn.status === "waiting";
  return (
    <li className="chat-turn" data-testid="chat-turn">
      <div className="chat-bubble chat-bubble-user" data-testid="chat-user-message">
        {turn.message}
      </div>
      {live ? (
        <LiveAnswer runId={turn.runId} onSettled={onSettled} labelOf={labelOf} canDecide={canDecide} />
      ) : (
        <div
          className={turn.status === "completed" ? "chat-bubble chat-bubble-answer" : "chat-bubble chat-bubble-error"}
          data-testid="chat-answer"
        >
          {turn.status === "completed"
            ? turn.answer
            : turn.status === "deleted"
              ? "This run was removed by the retention setting."
              : (turn.error ?? `The run ${turn.status}.`)}
          <Link className="chat-run-link" href={`/runs/${turn.runId}`}>
            Open run
            {turn.costUsd > 0 && (
              <span data-testid="chat-turn-cost" title="What this answer's model calls cost by the price table">
                {" "}
                · {formatUsd(turn.costUsd)}
              </span>
            )}
          </Link>
        </div>
      )}
    </li>
  );
}

function LiveAnswer({ runId, onSettled, labelOf, canDecide }: Omit<ChatTurnProps, "turn"> & { runId: string }) {
  const { events } = useRunEvents(runId, []);
  const state = useMemo(() => deriveRunState(events, { agentNodeIds: NO_AGENTS }), [events]);
  const ended = state.finishedAt !== undefined;
  const waiting = deriveApprovals(events, ended).filter((approval) => approval.state === "pending");
  useEffect(() => {
    if (ended) onSettled();
  }, [ended, onSettled]);
  return (
    <div className="chat-bubble chat-bubble-answer is-live" data-testid="chat-live-answer">
      {state.toolCalls.map((call) => (
        <span key={call.callId} className="chat-tool-call" data-testid="chat-tool-call">
          <Wrench size={12} aria-hidden /> {call.toolName}
          {call.state === "running" ? "…" : ""}
        </span>
      ))}
      {waiting.map((approval) => (
        <ApprovalCard key={approval.callId} runId={runId} approval={approval} labelOf={labelOf} canDecide={canDecide} />
      ))}
      {state.streaming ? (
        <span data-testid="chat-streaming">{state.streaming.text}</span>
      ) : (
        <span className="chat-thinking">
          <LoaderCircle size={13} className="spin" aria-hidden /> Thinking…
        </span>
      )}
    </div>
  );
}
