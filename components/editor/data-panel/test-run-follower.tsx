"use client";
/**
 * Follows the test run started from the editor without leaving it: node badges on the canvas as
 * it runs (nodes it leaves out get none), a banner with its status and a link to its run view,
 * and, when it ends, each node's latest output read again for the data panel.
 */
import { Panel } from "@xyflow/react";
import Link from "next/link";
import { useEffect, useMemo } from "react";
import { useRunEvents } from "@/hooks/use-run-events";
import { deriveRunState } from "@/components/run-view/derive-run-state";
import { RunStatusPill } from "@/components/run-view/run-status-pill";
import { LEFT_OUT_REASON } from "@/lib/workflow/constants";
import type { NodeStatus } from "../editor-store";
import { useEditorStore, useEditorStoreApi } from "../editor-store-context";
import { useTestRun } from "./use-test-run";
import { useTestRunApi, useTestRunState, type TestRunState } from "./test-run-store";

const NO_EVENTS: never[] = [];
const MODE_TEXT = { node: "Run node", from: "Run from", upTo: "Run up to", all: "Test run" } as const;

export function TestRunFollower() {
  const testRun = useTestRunState((state) => state.testRun);
  if (!testRun) return null;
  return testRun.runId ? <FollowRun key={testRun.runId} runId={testRun.runId} /> : <TestRunBanner testRun={testRun} />;
}

function FollowRun({ runId }: { runId: string }) {
  const editor = useEditorStoreApi();
  const data = useTestRunApi();
  const { refreshOutputs } = useTestRun();
  const { events } = useRunEvents(runId, NO_EVENTS);
  const run = useMemo(() => deriveRunState(events, { initialStatus: "queued" }), [events]);
  const statuses = useMemo(() => {
    const leftOut = new Set(
      events.flatMap((event) =>
        event.type === "node.skipped" && event.payload.reason === LEFT_OUT_REASON ? [event.payload.nodeId] : [],
      ),
    );
    return Object.fromEntries(Object.entries(run.nodeStatuses).filter(([nodeId]) => !leftOut.has(nodeId))) as Record<
      string,
      NodeStatus
    >;
  }, [events, run.nodeStatuses]);

  useEffect(() => editor.getState().setStatuses(statuses), [editor, statuses]);
  useEffect(() => {
    const current = data.getState().testRun;
    if (!current || current.runId !== runId) return;
    data.getState().setTestRun({ ...current, phase: run.status, message: run.failure?.message });
    if (run.status === "completed" || run.status === "failed" || run.status === "cancelled") void refreshOutputs();
  }, [data, runId, run.status, run.failure, refreshOutputs]);

  const testRun = useTestRunState((state) => state.testRun);
  return testRun ? <TestRunBanner testRun={testRun} /> : null;
}

function TestRunBanner({ testRun }: { testRun: NonNullable<TestRunState["testRun"]> }) {
  const label = useEditorStore((state) =>
    testRun.nodeId ? state.nodes.find((node) => node.id === testRun.nodeId)?.data.label : undefined,
  );
  const setTestRun = useTestRunState((state) => state.setTestRun);
  const ended = testRun.phase === "completed" || testRun.phase === "failed" || testRun.phase === "cancelled";
  return (
    <Panel position="top-right">
      <div className="live-run test-run-banner" data-testid="test-run" data-phase={testRun.phase}>
        <span className="test-run-what">
          {MODE_TEXT[testRun.mode]}
          {label ? ` “${label}”` : ""}
        </span>
        {testRun.phase === "starting" ? (
          <span className="test-run-starting">Saving and starting…</span>
        ) : (
          <RunStatusPill status={testRun.phase} />
        )}
        {testRun.runId && (
          <Link href={`/runs/${testRun.runId}`} data-testid="test-run-link">
            Open run
          </Link>
        )}
        {ended && (
          <button type="button" className="test-run-dismiss" aria-label="Dismiss" onClick={() => setTestRun(null)}>
            ×
          </button>
        )}
        {testRun.message && testRun.phase === "failed" && (
          <span className="test-run-message" role="alert">
            {testRun.message}
          </span>
        )}
      </div>
    </Panel>
  );
}
