"use client";
/** The generic node renderer: every catalogue component is drawn from its descriptor. */
import type { NodeProps } from "@xyflow/react";
import { memo } from "react";
import { useEditorStore } from "../editor-store-context";
import type { FlowNode } from "../graph-conversion";
import { NodePorts } from "./node-ports";
import { NodeShell } from "./node-shell";
import { ToolSummary } from "./tool-summary";

function ComponentNodeView({ id, data, selected }: NodeProps<FlowNode>) {
  const meta = useEditorStore((state) => state.lookup(data.componentType));
  return (
    <NodeShell id={id} data={data} meta={meta} selected={selected}>
      {meta && <NodePorts meta={meta} mode={data.mode} onError={data.onError} params={data.params} />}
      {meta && data.mode === "tool" && <ToolSummary data={data} meta={meta} />}
    </NodeShell>
  );
}

export const ComponentNode = memo(ComponentNodeView);
