"use client";
/**
 * A self-contained canvas for showing a workflow, read-only by default, with optional node
 * statuses: the run view renders this. It fills its parent, so give the parent a height.
 */
import { ReactFlowProvider } from "@xyflow/react";
import { useEffect } from "react";
import type { ComponentMeta } from "@/lib/nodes/types";
import type { WorkflowGraph } from "@/lib/workflow/graph";
import type { NodeStatus } from "./editor-store";
import { EditorStoreProvider, useEditorStoreApi } from "./editor-store-context";
import { FlowCanvas } from "./flow-canvas";

export type { NodeStatus } from "./editor-store";

export type WorkflowCanvasProps = {
  graph: WorkflowGraph;
  catalogue: ComponentMeta[];
  statuses?: Record<string, NodeStatus>;
  readOnly?: boolean;
  /** Called with the clicked node's id, or null when the empty canvas is clicked. */
  onNodeSelect?: (nodeId: string | null) => void;
};

const NO_STATUSES: Record<string, NodeStatus> = {};

export function WorkflowCanvas({
  graph,
  catalogue,
  statuses = NO_STATUSES,
  readOnly = true,
  onNodeSelect,
}: WorkflowCanvasProps) {
  return (
    <ReactFlowProvider>
      <EditorStoreProvider init={{ graph, catalogue, readOnly, statuses }}>
        <SyncStatuses statuses={statuses} />
        <FlowCanvas onNodeSelect={onNodeSelect} testId="workflow-canvas" />
      </EditorStoreProvider>
    </ReactFlowProvider>
  );
}

function SyncStatuses({ statuses }: { statuses: Record<string, NodeStatus> }) {
  const store = useEditorStoreApi();
  useEffect(() => store.getState().setStatuses(statuses), [store, statuses]);
  return null;
}
