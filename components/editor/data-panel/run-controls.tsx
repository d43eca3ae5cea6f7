"use client";
/**
 * Run this node / run from here / run up to here, and Pin: on a toolbar above the selected node
 * and in the inspector. Each starts a test run (use-test-run.ts) that the editor follows in place.
 */
import { NodeToolbar, Position } from "@xyflow/react";
import { FastForward, Pin, PinOff, Play, StepForward } from "lucide-react";
import { Button } from "@/components/ui/button";
import type { TestRunRequest } from "@/lib/workflow/partial-plan";
import { useEditorStore } from "../editor-store-context";
import { nodeData } from "./node-data";
import { useTestRun } from "./use-test-run";
import { useTestRunState } from "./test-run-store";

const BUSY = new Set(["starting", "queued", "running"]);

const ACTIONS = [
  {
    mode: "node",
    label: "Run node",
    title: "Run only this node, with its inputs from the last run or pins",
    Icon: Play,
  },
  { mode: "from", label: "Run from here", title: "Run this node and everything after it", Icon: FastForward },
  { mode: "upTo", label: "Run up to here", title: "Run everything this node needs, then this node", Icon: StepForward },
] as const;

type RunButtonProps = {
  label: string;
  title: string;
  Icon: typeof Play;
  variant: "primary" | "secondary" | "ghost";
  onClick: () => void;
  disabled?: boolean;
  /** Only the icon (the label is its accessible name and leads its tooltip): the toolbar over a node. */
  compact: boolean;
};

function RunButton({ label, title, Icon, variant, onClick, disabled, compact }: RunButtonProps) {
  return (
    <Button
      size="sm"
      variant={variant}
      title={compact ? `${label}: ${title}` : title}
      aria-label={compact ? label : undefined}
      disabled={disabled}
      onClick={onClick}
    >
      <Icon size={13} aria-hidden />
      {!compact && ` ${label}`}
    </Button>
  );
}

/**
 * Run node / from here / up to here, and Pin or Unpin: labelled in the inspector, icons only (`compact`) in the toolbar
 * over the selected node, which with labels was wider than most nodes and ran off the canvas's edge.
 */
export function NodeRunButtons({ nodeId, compact = false }: { nodeId: string; compact?: boolean }) {
  const { startTestRun } = useTestRun();
  const busy = useTestRunState((state) => (state.testRun ? BUSY.has(state.testRun.phase) : false));
  const outputs = useTestRunState((state) => state.outputs);
  const node = useEditorStore((state) => state.nodes.find((candidate) => candidate.id === nodeId));
  const updateNodeData = useEditorStore((state) => state.updateNodeData);
  if (!node || node.data.mode === "tool") return null;
  const data = nodeData(node, outputs);
  const run = (mode: TestRunRequest["mode"]) => void startTestRun({ mode, nodeId } as TestRunRequest);
  return (
    <div className="node-run-buttons" data-testid={compact ? "node-run-toolbar" : "node-run-section"}>
      {ACTIONS.map(({ mode, label, title, Icon }) => (
        <RunButton
          key={mode}
          {...{ label, title, Icon, compact }}
          variant={mode === "node" ? "primary" : "secondary"}
          disabled={busy}
          onClick={() => run(mode)}
        />
      ))}
      {data.kind === "pinned" ? (
        <RunButton
          label="Unpin"
          title="Test runs call this node again"
          Icon={PinOff}
          variant="ghost"
          compact={compact}
          onClick={() => updateNodeData(nodeId, { pinned: undefined })}
        />
      ) : (
        data.kind === "recorded" && (
          <RunButton
            label="Pin"
            title="Test runs use this output instead of calling the node"
            Icon={Pin}
            variant="ghost"
            compact={compact}
            onClick={() =>
              updateNodeData(nodeId, {
                pinned: { output: data.output, source: "run", runId: data.runId, pinnedAt: new Date().toISOString() },
              })
            }
          />
        )
      )}
    </div>
  );
}

/** The run toolbar above the one selected node (editors only). */
export function SelectedNodeToolbar() {
  const selectedId = useEditorStore((state) => {
    if (state.readOnly) return null;
    const chosen = state.nodes.filter((node) => node.selected);
    return chosen.length === 1 ? chosen[0].id : null;
  });
  if (!selectedId) return null;
  return (
    <NodeToolbar nodeId={selectedId} isVisible position={Position.Top} offset={10}>
      <NodeRunButtons nodeId={selectedId} compact />
    </NodeToolbar>
  );
}

/** The inspector's "Test" section. */
export function TestRunSection({ nodeId }: { nodeId: string }) {
  const readOnly = useEditorStore((state) => state.readOnly);
  const mode = useEditorStore((state) => state.nodes.find((node) => node.id === nodeId)?.data.mode);
  if (readOnly || mode === "tool") return null;
  return (
    <section className="inspector-section">
      <h3 className="inspector-section-title">Test</h3>
      <NodeRunButtons nodeId={nodeId} />
    </section>
  );
}
