"use client";
/**
 * An evaluation still queued or running: how many of its rows are scored, followed live (the API read every second);
 * the page's figures and rows are read again whenever one more row is scored, and once it ends. The page's own
 * reading wins once it says the evaluation ended: a refresh can land after the last poll, and then no poll follows.
 */
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { callApi, evaluationsPath } from "./evaluation-api";

type Props = { workflowId: string; evaluationId: string; status: string; rows: number; scored: number };
type Read = { status: string; error: string | null; results: { pass: boolean | null }[] };

const POLL_MS = 1000;
const running = (status: string) => status === "queued" || status === "running";

export function EvaluationProgress({ workflowId, evaluationId, status, rows, scored }: Props) {
  const router = useRouter();
  const [now, setNow] = useState({ status, scored });
  useEffect(() => {
    if (!running(status)) return;
    let seen = { status, scored };
    const timer = setInterval(async () => {
      const answer = await callApi<Read>("GET", `${evaluationsPath(workflowId)}/${encodeURIComponent(evaluationId)}`);
      if (!answer.ok) return;
      const next = {
        status: answer.body.status,
        scored: answer.body.results.filter((result) => result.pass !== null).length,
      };
      if (next.status !== seen.status || next.scored !== seen.scored) router.refresh();
      seen = next;
      setNow(next);
      if (!running(next.status)) clearInterval(timer);
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [workflowId, evaluationId, status, scored, router]);
  if (!running(status) || !running(now.status)) return null;
  const scoredNow = Math.max(now.scored, scored);
  const share = rows === 0 ? 0 : Math.round((scoredNow / rows) * 100);
  return (
    <div className="eval-progress" data-testid="evaluation-progress" role="status">
      <div className="eval-progress-text">
        <span className="eval-progress-dot" aria-hidden />
        {now.status === "queued" ? "Waiting for a worker…" : `Scored ${scoredNow} of ${rows} rows`}
      </div>
      <div className="eval-progress-track">
        <div className="eval-progress-bar" style={{ width: `${share}%` }} />
      </div>
    </div>
  );
}
