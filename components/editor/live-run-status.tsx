"use client";
/**
 * While a run of this workflow is going, the editor follows it: a banner with its status and a
 * link to the run view, and each MCP node's health dot, live over the run's event stream.
 */
import { Panel } from "@xyflow/react";
import Link from "next/link";
import { useMemo } from "react";
import { useRunEvents } from "@/hooks/use-run-events";
import { deriveRunState } from "@/components/run-view/derive-run-state";
import { healthByCanvasNode, latestHealth } from "@/components/run-view/mcp-health";
import { McpHealthDots } from "@/components/run-view/mcp-health-dots";
import { RunStatusPill } from "@/components/run-view/run-status-pill";
import { useEditorStore } from "./editor-store-context";

const NO_EVENTS: never[] = [];

export function LiveRunStatus({ runId }: { runId: string }) {
  const { events } = useRunEvents(runId, NO_EVENTS);
  const nodeIds = useEditorStore((state) => state.nodes.map((node) => node.id));
  const status = useMemo(() => deriveRunState(events, { initialStatus: "running" }).status, [events]);
  const healthDots = useMemo(() => healthByCanvasNode(latestHealth(events), nodeIds), [events, nodeIds]);
  return (
    <>
      <McpHealthDots byNode={healthDots} scope=".editor-main" />
      <Panel position="top-right">
        <div className="live-run" data-testid="live-run">
          <RunStatusPill status={status} />
          <Link href={`/runs/${runId}`} data-testid="live-run-link">
            Open run view
          </Link>
        </div>
      </Panel>
    </>
  );
}
