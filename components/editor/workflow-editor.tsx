"use client";
/**
 * The editor page's client root: toolbar, palette, canvas and inspector (or the Chat panel) around one editor store.
 */
import "./editor.css";
import "./versions/versions.css";
import { Panel, ReactFlowProvider } from "@xyflow/react";
import { useState, type ReactNode } from "react";
import type { ComponentMeta } from "@/lib/nodes/types";
import type { LatestOutput } from "@/lib/runs/recorded-outputs";
import type { WorkflowGraph } from "@/lib/workflow/graph";
import type { DiffMark } from "@/lib/workflow/graph-diff";
import { parseJsonText, type JsonText } from "@/lib/workflow/json-text";
import { useLiveCompile } from "@/hooks/use-live-compile";
import { useWorkflowPersistence } from "@/hooks/use-workflow-persistence";
import { cx } from "@/components/ui/class-names";
import { loadWhenShown } from "@/components/ui/load-when-shown";
import { CanvasTools } from "./canvas-tools";
import { ConnectionToast } from "./connection-toast";
import { DataPanel } from "./data-panel/data-panel";
import { SelectedNodeToolbar } from "./data-panel/run-controls";
import { TestRunFollower } from "./data-panel/test-run-follower";
import { TestRunProvider } from "./data-panel/test-run-store";
import { EditorReadsProvider } from "./editor-reads";
import { EditorStoreProvider, useEditorStore } from "./editor-store-context";
import { EditorToolbar } from "./editor-toolbar";
import { SaveConflictDialog } from "./save-conflict-dialog";
import { EmptyCanvasHint } from "./empty-canvas-hint";
import { FlowCanvas } from "./flow-canvas";
import { Inspector } from "./inspector/inspector";
import { LiveRunStatus } from "./live-run-status";
import { Palette } from "./palette";
import { ProblemsPanel } from "./problems-panel";
import { SidePanel, useSidePanelClasses } from "./side-panels";

/** The chat with the workflow: its code loads when it is first opened. */
const ChatPanel = loadWhenShown(() => import("@/components/chat/chat-panel").then((module) => module.ChatPanel));

type WorkflowEditorProps = {
  /** The graph and the catalogue come as JSON text (lib/workflow/json-text.ts): read once, when the editor mounts. */
  workflow: {
    id: string;
    name: string;
    graph: JsonText<WorkflowGraph>;
    version: string;
    /** The live version's number (null: never published); a snapshot's page leaves it out. */
    publishedVersion?: number | null;
  };
  catalogue: JsonText<ComponentMeta[]>;
  /** A run of this workflow that is still going when the page loads: the canvas follows it. */
  activeRunId?: string | null;
  /** Each node's latest output, read with the page; without it (a snapshot's page) the data panel reads them itself. */
  latestOutputs?: JsonText<LatestOutput[]>;
  /** What the panels read at once, by path (editor-reads.tsx); without it (a snapshot's page) they read it. */
  reads?: JsonText<Record<string, unknown>>;
  /** False for viewers: the workflow opens view-only (no palette, no edits, no Save or Run). */
  canEdit: boolean;
  /** Whether host access is enabled, so the canvas can mark nodes that would be refused. */
  hostTools: boolean;
  /** A published version or a run's graph, read-only: a banner saying which, and a comparison's marks. */
  snapshot?: Snapshot;
};

export type Snapshot = { banner: ReactNode; marks?: Record<string, DiffMark> };

export function WorkflowEditor({
  workflow,
  catalogue,
  activeRunId,
  latestOutputs,
  reads,
  canEdit,
  hostTools,
  snapshot,
}: WorkflowEditorProps) {
  return (
    <ReactFlowProvider>
      <EditorStoreProvider
        init={() => ({
          workflowId: workflow.id,
          name: workflow.name,
          graph: parseJsonText(workflow.graph),
          version: workflow.version,
          catalogue: parseJsonText(catalogue),
          readOnly: !canEdit || snapshot !== undefined,
          hostTools,
          marks: snapshot?.marks,
        })}
      >
        <EditorReadsProvider initial={reads && (() => parseJsonText(reads))}>
          <TestRunProvider initialOutputs={latestOutputs && (() => parseJsonText(latestOutputs))}>
            <EditorLayout
              activeRunId={activeRunId ?? null}
              publishedVersion={workflow.publishedVersion ?? null}
              snapshot={snapshot}
            />
          </TestRunProvider>
        </EditorReadsProvider>
      </EditorStoreProvider>
    </ReactFlowProvider>
  );
}

type EditorLayoutProps = { activeRunId: string | null; publishedVersion: number | null; snapshot?: Snapshot };

function EditorLayout({ activeRunId, publishedVersion, snapshot }: EditorLayoutProps) {
  useLiveCompile();
  const { save, run, isRunning } = useWorkflowPersistence();
  const readOnly = useEditorStore((state) => state.readOnly);
  const workflowId = useEditorStore((state) => state.workflowId);
  const [chatOpen, setChatOpen] = useState(false);
  const panelClasses = useSidePanelClasses();
  return (
    <div className="editor">
      <EditorToolbar
        save={save}
        run={run}
        isRunning={isRunning}
        chatOpen={chatOpen}
        toggleChat={() => setChatOpen(!chatOpen)}
        snapshot={snapshot !== undefined}
        publishedVersion={publishedVersion}
      />
      {snapshot?.banner}
      <div className={cx("editor-body", readOnly && "is-read-only", panelClasses, chatOpen && "chat-open")}>
        {!readOnly && (
          <SidePanel side="palette">
            <Palette />
          </SidePanel>
        )}
        <main className="editor-main">
          <FlowCanvas testId="editor-canvas" readableFit>
            <CanvasTools />
            <Panel position="top-left">
              <ProblemsPanel />
            </Panel>
            <Panel position="bottom-center">
              <ConnectionToast />
            </Panel>
            <EmptyCanvasHint />
            {activeRunId && <LiveRunStatus runId={activeRunId} />}
            <SelectedNodeToolbar />
            <TestRunFollower />
          </FlowCanvas>
          <DataPanel />
        </main>
        {chatOpen && workflowId ? (
          <ChatPanel workflowId={workflowId} canSend={!readOnly} onClose={() => setChatOpen(false)} />
        ) : (
          <SidePanel side="inspector">
            <Inspector />
          </SidePanel>
        )}
      </div>
      <SaveConflictDialog overwrite={() => save(true)} />
    </div>
  );
}
