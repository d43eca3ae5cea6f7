"use client";
/**
 * The frame every node renderer shares: header with icon, label and badges, run status, the tool
 * handle of a tool-mode node, and its compile problems. Renderers fill in the body.
 */
import { Handle, Position, useUpdateNodeInternals } from "@xyflow/react";
import { CircleAlert, Wrench } from "lucide-react";
import { useEffect, useRef, type ReactNode } from "react";
import type { ComponentMeta } from "@/lib/nodes/types";
import { TOOL_HANDLE } from "@/lib/workflow/constants";
import { Badge } from "@/components/ui/badge";
import { cx } from "@/components/ui/class-names";
import { CatalogueIcon } from "@/components/ui/icon";
import { useEditorStore } from "../editor-store-context";
import type { NodeStatus } from "../editor-store";
import type { DiffMark } from "@/lib/workflow/graph-diff";
import type { EditorNodeData } from "../graph-conversion";
import { NodeDataBadges } from "../data-panel/pin-badge";

const NO_PROBLEMS: string[] = [];

const STATUS_LABELS: Record<NodeStatus, string> = {
  running: "Running",
  waiting: "Waiting",
  completed: "Done",
  failed: "Failed",
  registered: "Registered",
  skipped: "Skipped",
  warning: "Tool errors",
  cancelled: "Cancelled",
};

type NodeShellProps = {
  id: string;
  data: EditorNodeData;
  meta: ComponentMeta | undefined;
  selected?: boolean;
  className?: string;
  children?: ReactNode;
};

export function NodeShell({ id, data, meta, selected, className, children }: NodeShellProps) {
  const problems = useEditorStore((state) => state.nodeProblems[id] ?? NO_PROBLEMS);
  const status = useEditorStore((state) => state.statuses[id]);
  const mark = useEditorStore((state) => state.marks[id]);
  const isTool = data.mode === "tool";

  useRemeasureOnChange(id, data.mode);

  return (
    <div
      className={cx(
        "node-card",
        isTool && "is-tool",
        selected && "is-selected",
        problems.length > 0 && "has-problems",
        status && `status-${status}`,
        data.pinned && "is-pinned",
        mark && `diff-${mark}`,
        className,
      )}
    >
      {isTool && (
        <>
          <Handle
            type="source"
            position={Position.Top}
            id={TOOL_HANDLE}
            className="handle handle-tool"
            title="Wire into an agent's Tools"
          />
          <span className="tool-handle-label">tool</span>
        </>
      )}
      <NodeHeader id={id} data={data} meta={meta} status={status} mark={mark} />
      {children}
      {problems.length > 0 && (
        <div className="node-problems" role="alert">
          <CircleAlert size={13} aria-hidden />
          <span>
            {problems[0]}
            {problems.length > 1 && <span className="node-problems-more"> +{problems.length - 1} more</span>}
          </span>
        </div>
      )}
    </div>
  );
}

type NodeHeaderProps = Pick<NodeShellProps, "id" | "data" | "meta"> & {
  status: NodeStatus | undefined;
  mark: DiffMark | undefined;
};

/** Icon, label (and the component's name when renamed), and badges: tool, pin, run status, version diff. */
function NodeHeader({ id, data, meta, status, mark }: NodeHeaderProps) {
  // A renamed node keeps its component's name in view; an unrenamed one need not say it twice.
  const subtitle = !meta ? `Unknown component ${data.componentType}` : data.label !== meta.label ? meta.label : null;
  return (
    <header className="node-header">
      <span className="node-icon">
        <CatalogueIcon name={meta?.icon ?? "box"} size={16} strokeWidth={2} />
      </span>
      <span className="node-titles">
        <span className="node-title">{data.label}</span>
        {subtitle && <span className="node-subtitle">{subtitle}</span>}
      </span>
      {data.mode === "tool" && (
        <Badge tone="tool">
          <Wrench size={11} aria-hidden /> Tool
        </Badge>
      )}
      <NodeDataBadges nodeId={id} pinned={data.pinned !== undefined} />
      {status && <span className={cx("node-status", `node-status-${status}`)}>{STATUS_LABELS[status]}</span>}
      {mark && (
        <span className={cx("node-diff", `node-diff-${mark}`)} data-testid={`diff-${id}`}>
          {mark}
        </span>
      )}
    </header>
  );
}

/**
 * Tool mode swaps handles, so React Flow must measure them again. Not on mount: React Flow
 * measures new nodes itself, and an early forced update makes the first fitView see only some nodes.
 */
function useRemeasureOnChange(id: string, mode: string) {
  const updateNodeInternals = useUpdateNodeInternals();
  const measuredMode = useRef(mode);
  useEffect(() => {
    if (measuredMode.current === mode) return;
    measuredMode.current = mode;
    updateNodeInternals(id);
  }, [id, mode, updateNodeInternals]);
}
