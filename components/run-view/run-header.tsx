/**
 * The run view's top bar: back to the workflow, which run this is, its status, how long it took, and whether we are
 * live.
 */
import { ArrowLeft, CircleDollarSign, Clock, Coins, Pencil } from "lucide-react";
import { formatUsd } from "@/lib/settings/format-usd";
import Link from "next/link";
import type { ReactNode } from "react";
import { buttonClassName } from "@/components/ui/button";
import { cx } from "@/components/ui/class-names";
import { LogoMark } from "@/components/ui/logo-mark";
import type { EventConnection } from "@/hooks/use-run-events";
import type { RunState } from "./derive-run-state";
import { CancelRunButton } from "./cancel-run-button";
import { OpenRunGraphButton } from "./open-run-graph-button";
import { ElapsedTime } from "./elapsed-time";
import { RunStatusPill } from "./run-status-pill";
import { FailedCallsBadge } from "./failed-calls-badge";

const CONNECTION_TEXT: Partial<Record<EventConnection, string>> = {
  connecting: "Connecting…",
  live: "Live",
  reconnecting: "Reconnecting…",
  lost: "Disconnected: reload to retry",
};

type RunHeaderProps = {
  run: { id: string; parentRunId: string | null; origin?: string; workflowId: string; workflowName: string };
  state: RunState;
  connection: EventConnection;
  canCancel: boolean;
  /** "Add to dataset", once the run has ended and for editors. */
  datasetAction?: ReactNode;
};

export function RunHeader({ run, state, connection, canCancel, datasetAction }: RunHeaderProps) {
  const { id: runId, parentRunId, origin, workflowId, workflowName } = run;
  const editorHref = `/workflows/${workflowId}`;
  const connectionText = CONNECTION_TEXT[connection];
  return (
    <header className="run-header">
      <Link
        href={editorHref}
        className="run-header-back"
        aria-label="Back to the workflow"
        title="Back to the workflow"
      >
        <ArrowLeft size={16} aria-hidden />
      </Link>
      <LogoMark size={20} />
      <RunBreadcrumbs
        runId={runId}
        parentRunId={parentRunId}
        origin={origin}
        editorHref={editorHref}
        workflowName={workflowName}
      />
      <RunStatusPill status={state.status} />
      <FailedCallsBadge calls={state.toolCalls} />
      <span className="run-duration" title="Duration">
        <Clock size={13} aria-hidden />
        <ElapsedTime startedAt={state.startedAt} durationMs={state.durationMs} />
      </span>
      <RunUsage state={state} />
      <div className="run-header-spacer" />
      {connectionText && <span className={cx("run-connection", `run-connection-${connection}`)}>{connectionText}</span>}
      {canCancel && (state.status === "queued" || state.status === "running") && <CancelRunButton runId={runId} />}
      {datasetAction}
      <OpenRunGraphButton runId={runId} />
      <Link href={editorHref} className={buttonClassName("secondary")}>
        <Pencil size={14} aria-hidden /> Edit workflow
      </Link>
    </header>
  );
}

type RunBreadcrumbsProps = Pick<RunHeaderProps["run"], "parentRunId" | "origin" | "workflowName"> & {
  runId: string;
  editorHref: string;
};

/** Workflow / run id, where the run came from, and the parent run when a Workflow Tool started it. */
function RunBreadcrumbs({ runId, parentRunId, origin, editorHref, workflowName }: RunBreadcrumbsProps) {
  return (
    <nav className="run-breadcrumbs" aria-label="Breadcrumb">
      <Link href={editorHref} className="run-workflow-link" data-testid="run-workflow-link">
        {workflowName}
      </Link>
      <span className="run-breadcrumb-separator" aria-hidden>
        /
      </span>
      <span className="run-id" title={origin ? `Run id · ${origin}` : "Run id"}>
        Run <code data-testid="run-id">{runId}</code>
      </span>
      {origin && (
        <span className="run-origin" data-testid="run-origin">
          {origin}
        </span>
      )}
      {parentRunId && (
        <Link
          href={`/runs/${parentRunId}`}
          className="run-parent-link"
          data-testid="parent-run-link"
          title="The run whose Workflow Tool started this one"
        >
          child of run <code>{parentRunId.slice(0, 8)}</code>
        </Link>
      )}
    </nav>
  );
}

/** The tokens the run used and what its model calls cost, once known. */
function RunUsage({ state }: { state: RunState }) {
  return (
    <>
      {state.usage && (
        <span
          className="run-usage"
          title={`${state.usage.inputTokens} input · ${state.usage.outputTokens} output tokens`}
        >
          <Coins size={13} aria-hidden />
          {state.usage.totalTokens} tokens
        </span>
      )}
      {state.costUsd !== null && (
        <span
          className="run-usage"
          data-testid="run-cost"
          title="What the run's model calls cost by the price table (Settings → Model prices)"
        >
          <CircleDollarSign size={13} aria-hidden />
          {formatUsd(state.costUsd)}
        </span>
      )}
    </>
  );
}
