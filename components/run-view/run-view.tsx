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
import { deriveRunState, type RunState, type RunStatus, type ToolCallView } from "./derive-run-state";
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
import { AddToDatasetButton } from "./add-to-dataset";
import { RunInputPanel } from "./run-input-panel";
import { entryInputFields } from "@/components/run-input/entry-input-fields";
import { entryDefaultInput } from "@/components/run-input/entry-default-input";
import { ToolCallLog } from "./tool-call-log";
import { Sources } from "./sources";
import { KNOWLEDGE_SEARCH_TYPE } from "@/lib/tools/knowledge-tool-shape";

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

  const { labelOf, searchBases, state, failure, runEnded } = useDerivedRunState(run, graph, catalogue, events);
  const { shownEvents, shownCalls } = narrowToNode(selectedNodeId, events, state.toolCalls);
  const { health, healthDots } = useRunHealth(events, graph);

  return (
    <div className="run-page">
      <RunHeader
        run={run}
        state={state}
        connection={connection}
        canCancel={canAct}
        datasetAction={canAct && runEnded && <AddToDatasetButton run={run} output={runOutput(events)} />}
      />
      <div className="run-body">
        <RunGraph
          graph={graph}
          catalogue={catalogue}
          healthDots={healthDots}
          statuses={state.nodeStatuses}
          onNodeSelect={setSelectedNodeId}
        />
        <aside className="run-panel" aria-label="Run details">
          {failure && (
            <RunFailure message={failure.message} nodeLabel={failure.nodeId ? labelOf(failure.nodeId) : undefined} />
          )}
          <FinalAnswer state={state} labelOf={labelOf} />
          <Sources calls={shownCalls} events={shownEvents} searchBases={searchBases} labelOf={labelOf} />
          {!selectedNodeId && (
            <RunInputPanel
              runId={run.id}
              input={run.input}
              canRerun={canAct}
              fields={entryInputFields(graph.nodes)}
              defaultInput={entryDefaultInput(graph.nodes)}
            />
          )}
          {selectedNodeId && <NodeFilter label={labelOf(selectedNodeId)} onClear={() => setSelectedNodeId(null)} />}
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

/** What the run answered: its run.completed event's output (null for a run that did not complete). */
const runOutput = (events: RunEvent[]) => {
  const completed = events.findLast((event) => event.type === "run.completed");
  return completed?.type === "run.completed" ? completed.payload.output : null;
};

/** What the run's events say so far: its state, why it failed (if it did), whether it has ended; and node labels. */
function useDerivedRunState(run: RunSummary, graph: WorkflowGraph, catalogue: ComponentMeta[], events: RunEvent[]) {
  const { labelOf, agentNodeIds, searchBases } = useMemo(() => describeGraph(graph, catalogue), [graph, catalogue]);
  const state = useMemo(
    () => deriveRunState(events, { initialStatus: run.status, agentNodeIds }),
    [events, run.status, agentNodeIds],
  );
  // Events recorded before the worker died may lack run.failed; the Run row still knows why.
  const failure =
    state.failure ?? (state.status === "failed" && run.error ? { message: run.error, nodeId: undefined } : null);
  const runEnded = state.finishedAt !== undefined || ["completed", "failed", "cancelled"].includes(state.status);
  return { labelOf, searchBases, state, failure, runEnded };
}

/** The MCP servers' latest health, and which canvas node each belongs to. */
function useRunHealth(events: RunEvent[], graph: WorkflowGraph) {
  const health = useMemo(() => latestHealth(events), [events]);
  const healthDots = useMemo(
    () =>
      healthByCanvasNode(
        health,
        graph.nodes.map((node) => node.id),
      ),
    [health, graph],
  );
  return { health, healthDots };
}

/** The events and tool calls the side panel shows: all of them, or those of the selected node. */
function narrowToNode(selectedNodeId: string | null, events: RunEvent[], toolCalls: ToolCallView[]) {
  const shownEvents = selectedNodeId ? events.filter((event) => eventNodeId(event) === selectedNodeId) : events;
  const shownCalls = selectedNodeId
    ? // A group's servers register as `{groupNodeId}-{serverId}`: their calls belong to the group on the canvas.
      toolCalls.filter(
        (call) =>
          call.agentNodeId === selectedNodeId ||
          call.toolNodeId === selectedNodeId ||
          call.toolNodeId?.startsWith(`${selectedNodeId}-`),
      )
    : toolCalls;
  return { shownEvents, shownCalls };
}

type RunGraphProps = {
  graph: WorkflowGraph;
  catalogue: ComponentMeta[];
  healthDots: ReturnType<typeof healthByCanvasNode>;
  statuses: RunState["nodeStatuses"];
  onNodeSelect: (nodeId: string | null) => void;
};

/** The read-only canvas coloured by node status, with the MCP servers' health dots. */
function RunGraph({ graph, catalogue, healthDots, statuses, onNodeSelect }: RunGraphProps) {
  return (
    <main className="run-graph" aria-label="Workflow graph">
      <McpHealthDots byNode={healthDots} />
      <WorkflowCanvas graph={graph} catalogue={catalogue} statuses={statuses} readOnly onNodeSelect={onNodeSelect} />
    </main>
  );
}

/** Which node the panel is narrowed to, and the button that shows every node again. */
function NodeFilter({ label, onClear }: { label: string; onClear: () => void }) {
  return (
    <div className="run-node-filter">
      <span>
        Showing <strong>{label}</strong> only
      </span>
      <button type="button" className="run-node-filter-clear" onClick={onClear} aria-label="Show every node">
        <X size={13} aria-hidden /> Show all
      </button>
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
    /** Each Knowledge Search node's base name, for the Sources' links. */
    searchBases: new Map(
      graph.nodes
        .filter((node) => node.type === KNOWLEDGE_SEARCH_TYPE)
        .map((node) => [node.id, String(node.data.params?.knowledgeBase ?? "")]),
    ) as ReadonlyMap<string, string>,
  };
}

function eventNodeId(event: RunEvent): string | undefined {
  const payload = event.payload as { nodeId?: unknown };
  return typeof payload.nodeId === "string" ? payload.nodeId : undefined;
}
