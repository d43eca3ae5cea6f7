/**
 * The data a node hands on while building: its pin when it has one (test runs use it), else its
 * output from the latest run; and what a node would get on each input — the data its upstream
 * nodes hand on through each wire. Pure.
 */
import type { LatestOutput } from "@/lib/runs/recorded-outputs";
import { TOOLS_HANDLE } from "@/lib/workflow/constants";
import type { FlowEdge, FlowNode } from "../graph-conversion";

export type NodeData =
  | { kind: "pinned"; output: Record<string, unknown> }
  | { kind: "recorded"; output: Record<string, unknown>; runId: string; completedAt: string }
  | { kind: "none" };

export function nodeData(node: FlowNode | undefined, outputs: Record<string, LatestOutput>): NodeData {
  if (!node) return { kind: "none" };
  if (node.data.pinned) return { kind: "pinned", output: node.data.pinned.output };
  const latest = outputs[node.id];
  return latest
    ? { kind: "recorded", output: latest.output, runId: latest.runId, completedAt: latest.completedAt }
    : { kind: "none" };
}

export type InputData = { port: string; fromLabel: string; fromPort: string; data: NodeData; value: unknown };

/** For each wired data input of `nodeId`: where it comes from and the value it would get. */
export function inputData(
  nodeId: string,
  nodes: readonly FlowNode[],
  edges: readonly FlowEdge[],
  outputs: Record<string, LatestOutput>,
): InputData[] {
  return edges
    .filter((edge) => edge.target === nodeId && edge.targetHandle !== TOOLS_HANDLE)
    .map((edge) => {
      const source = nodes.find((node) => node.id === edge.source);
      const data = nodeData(source, outputs);
      const fromPort = edge.sourceHandle ?? "";
      return {
        port: edge.targetHandle ?? "",
        fromLabel: source?.data.label ?? edge.source,
        fromPort,
        data,
        value: data.kind === "none" ? undefined : data.output[fromPort],
      };
    });
}
