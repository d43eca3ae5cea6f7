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
        <Button
          key={mode}
          size="sm"
          variant={mode === "node" ? "primary" : "secondary"}
          title={title}
          disabled={busy}
          onClick={() => run(mode)}
        >
          <Icon size={13} aria-hidden /> {label}
        </Button>
      ))}
      {data.kind === "pinned" ? (
        <Button
          size="sm"
          variant="ghost"
          title="Unpin: test runs call this node again"
          onClick={() => updateNodeData(nodeId, { pinned: undefined })}
        >
          <PinOff size={13} aria-hidden /> Unpin
        </Button>
      ) : (
        data.kind === "recorded" && (
          <Button
            size="sm"
            variant="ghost"
            title="Pin this output: test runs use it instead of calling the node"
            onClick={() =>
              updateNodeData(nodeId, {
                pinned: { output: data.output, source: "run", runId: data.runId, pinnedAt: new Date().toISOString() },
              })
            }
          >
            <Pin size={13} aria-hidden /> Pin
          </Button>
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
