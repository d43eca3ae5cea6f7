"use client";
/**
 * The agent renderer: the generic body plus its model and a `tools` handle at the bottom with the number of tools wired
 * in.
 */
import { Handle, Position, type NodeProps } from "@xyflow/react";
import { Cpu, Wrench } from "lucide-react";
import { memo } from "react";
import { TOOLS_HANDLE } from "@/lib/workflow/constants";
import { useEditorStore } from "../editor-store-context";
import type { FlowNode } from "../graph-conversion";
import { describeModel } from "../param-values";
import { NodePorts } from "./node-ports";
import { NodeShell } from "./node-shell";

function AgentNodeView({ id, data, selected }: NodeProps<FlowNode>) {
  const meta = useEditorStore((state) => state.lookup(data.componentType));
  const toolCount = useEditorStore(
    (state) => state.edges.filter((e) => e.target === id && e.targetHandle === TOOLS_HANDLE).length,
  );
  const model = meta ? describeModel(data.params, meta) : null;
  return (
    <NodeShell id={id} data={data} meta={meta} selected={selected} className="is-agent">
      {meta && <NodePorts meta={meta} mode={data.mode} onError={data.onError} params={data.params} />}
      {model && (
        <div className="node-model">
          <Cpu size={13} aria-hidden />
          <span>{model}</span>
        </div>
      )}
      <div className="node-tools">
        <Wrench size={13} aria-hidden />
        <span className="node-tools-label">Tools</span>
        <span className="node-tools-count">{toolCount === 0 ? "none wired" : `${toolCount} connected`}</span>
        <Handle
          type="target"
          position={Position.Bottom}
          id={TOOLS_HANDLE}
          className="handle handle-tools"
          title="Wire tool-mode nodes here"
        />
      </div>
    </NodeShell>
  );
}

export const AgentNode = memo(AgentNodeView);
