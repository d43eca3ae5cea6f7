"use client";
/**
 * The run view's client root: follows the run's events live and draws the graph coloured by node
 * status, the final answer (or what failed), the run's input (and running it again), the tool-call
 * log and the timeline. Clicking a node narrows the side panel to that node and shows what it ran
 * with, its conversation (model nodes) and its output.
 */
import "./run-view.css";
import { X } from "lucide-react";
import { useMemo, useState } from "react";
import type { ComponentMeta } from "@/lib/nodes/types";
import type { RunEvent } from "@/lib/runs/events";
import type { WorkflowGraph } from "@/lib/workflow/graph";
import { WorkflowCanvas } from "@/components/editor/workflow-canvas";
import { useRunEvents } from "@/hooks/use-run-events";
import { ApprovalRequests } from "./approval-requests";
import { BlockedAttempts } from "./blocked-attempts";
import { ChildRuns } from "./child-runs";
import { deriveApprovals, deriveBlockedAttempts } from "./derive-gateway-decisions";
import { deriveRunState, type RunStatus } from "./derive-run-state";
import { EventTimeline } from "./event-timeline";
import { ExternalAgentPanel } from "./external-agent-panel";
import { WaitingNodes } from "./waiting-nodes";
import { FinalAnswer } from "./final-answer";
import { healthByCanvasNode, latestHealth } from "./mcp-health";
import { McpHealthDots } from "./mcp-health-dots";
import { McpHealthSection } from "./mcp-health-section";
import { NodeInspection } from "./node-inspection";
import { RunFailure } from "./run-failure";
import { RunHeader } from "./run-header";
import { RunInputPanel } from "./run-input-panel";
import { entryInputFields } from "@/components/run-input/entry-input-fields";
import { entryDefaultInput } from "@/components/run-input/entry-default-input";
import { ToolCallLog } from "./tool-call-log";

export type RunSummary = {
  id: string;
  workflowId: string;
  workflowName: string;
  status: RunStatus;
  error: string | null;
  input: unknown;
  parentRunId: string | null;
  /** Where it came from: what started it, who, and which graph it ran (lib/runs/run-origin.ts). */
  origin?: string;
};

/** `canAct` is false for viewers: no Cancel, no Approve/Deny. */
type RunViewProps = {
  run: RunSummary;
  graph: WorkflowGraph;
  catalogue: ComponentMeta[];
  initialEvents: RunEvent[];
  canAct: boolean;
};

export function RunView({ run, graph, catalogue, initialEvents, canAct }: RunViewProps) {
  const { events, connection } = useRunEvents(run.id, initialEvents);
  const [selectedNodeId, setSelectedNodeId] = useState<string | null>(null);

  const { labelOf, agentNodeIds } = useMemo(() => describeGraph(graph, catalogue), [graph, catalogue]);
  const state = useMemo(
    () => deriveRunState(events, { initialStatus: run.status, agentNodeIds }),
    [events, run.status, agentNodeIds],
  );
  // Events recorded before the worker died may lack run.failed; the Run row still knows why.
  const failure =
    state.failure ?? (state.status === "failed" && run.error ? { message: run.error, nodeId: undefined } : null);

  const shownEvents = selectedNodeId ? events.filter((event) => eventNodeId(event) === selectedNodeId) : events;
  const shownCalls = selectedNodeId
    ? // A group's servers register as `{groupNodeId}-{serverId}`: their calls belong to the group on the canvas.
      state.toolCalls.filter(
        (call) =>
          call.agentNodeId === selectedNodeId ||
          call.toolNodeId === selectedNodeId ||
          call.toolNodeId?.startsWith(`${selectedNodeId}-`),
      )
    : state.toolCalls;
  const health = useMemo(() => latestHealth(events), [events]);
  const healthDots = useMemo(
    () =>
      healthByCanvasNode(
        health,
        graph.nodes.map((node) => node.id),
      ),
    [health, graph],
  );
  const runEnded = state.finishedAt !== undefined || ["completed", "failed", "cancelled"].includes(state.status);

  return (
    <div className="run-page">
      <RunHeader
        runId={run.id}
        parentRunId={run.parentRunId}
        origin={run.origin}
        workflowId={run.workflowId}
        workflowName={run.workflowName}
        state={state}
        connection={connection}
        canCancel={canAct}
      />
      <div className="run-body">
        <main className="run-graph" aria-label="Workflow graph">
          <McpHealthDots byNode={healthDots} />
          <WorkflowCanvas
            graph={graph}
            catalogue={catalogue}
            statuses={state.nodeStatuses}
            readOnly
            onNodeSelect={setSelectedNodeId}
          />
        </main>
        <aside className="run-panel" aria-label="Run details">
          {failure && (
            <RunFailure message={failure.message} nodeLabel={failure.nodeId ? labelOf(failure.nodeId) : undefined} />
          )}
          <FinalAnswer state={state} labelOf={labelOf} />
          {!selectedNodeId && (
            <RunInputPanel
              runId={run.id}
              input={run.input}
              canRerun={canAct}
              fields={entryInputFields(graph.nodes)}
              defaultInput={entryDefaultInput(graph.nodes)}
            />
          )}
          {selectedNodeId && (
            <div className="run-node-filter">
              <span>
                Showing <strong>{labelOf(selectedNodeId)}</strong> only
              </span>
              <button
                type="button"
                className="run-node-filter-clear"
                onClick={() => setSelectedNodeId(null)}
                aria-label="Show every node"
              >
                <X size={13} aria-hidden /> Show all
              </button>
            </div>
          )}
          {selectedNodeId && <NodeInspection events={events} nodeId={selectedNodeId} />}
          <WaitingNodes runId={run.id} waits={state.waits} runEnded={runEnded} canAct={canAct} labelOf={labelOf} />
          <ExternalAgentPanel runId={run.id} events={events} runEnded={runEnded} canAct={canAct} labelOf={labelOf} />
          <ApprovalRequests
            runId={run.id}
            approvals={deriveApprovals(shownEvents, runEnded)}
            labelOf={labelOf}
            canDecide={canAct}
          />
          <McpHealthSection health={health} labelOf={labelOf} />
          <ChildRuns events={shownEvents} labelOf={labelOf} />
          <ToolCallLog calls={shownCalls} labelOf={labelOf} runEnded={runEnded} />
          <BlockedAttempts attempts={deriveBlockedAttempts(shownEvents)} labelOf={labelOf} />
          <EventTimeline events={shownEvents} since={events[0]?.at} labelOf={labelOf} />
        </aside>
      </div>
    </div>
  );
}

function describeGraph(graph: WorkflowGraph, catalogue: ComponentMeta[]) {
  const labels = new Map(graph.nodes.map((node) => [node.id, node.data.label || node.id]));
  const agentTypes = new Set(catalogue.filter((component) => component.acceptsTools).map((component) => component.id));
  return {
    labelOf: (nodeId: string) => labels.get(nodeId) ?? nodeId,
    agentNodeIds: new Set(
      graph.nodes.filter((node) => agentTypes.has(node.type)).map((node) => node.id),
    ) as ReadonlySet<string>,
  };
}

function eventNodeId(event: RunEvent): string | undefined {
  const payload = event.payload as { nodeId?: unknown };
  return typeof payload.nodeId === "string" ? payload.nodeId : undefined;
}
