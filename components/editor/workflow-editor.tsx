"use client";
/** The editor page's client root: toolbar, palette, canvas and inspector around one editor store. */
import "./editor.css";
import { Panel, ReactFlowProvider } from "@xyflow/react";
import type { ComponentMeta } from "@/lib/nodes/types";
import type { WorkflowGraph } from "@/lib/workflow/graph";
import { useLiveCompile } from "@/hooks/use-live-compile";
import { useWorkflowPersistence } from "@/hooks/use-workflow-persistence";
import { ConnectionToast } from "./connection-toast";
import { EditorStoreProvider } from "./editor-store-context";
import { EditorToolbar } from "./editor-toolbar";
import { EmptyCanvasHint } from "./empty-canvas-hint";
import { FlowCanvas } from "./flow-canvas";
import { Inspector } from "./inspector/inspector";
import { Palette } from "./palette";
import { ProblemsPanel } from "./problems-panel";

type WorkflowEditorProps = {
  workflow: { id: string; name: string; graph: WorkflowGraph };
  catalogue: ComponentMeta[];
};

export function WorkflowEditor({ workflow, catalogue }: WorkflowEditorProps) {
  return (
    <ReactFlowProvider>
      <EditorStoreProvider init={{ workflowId: workflow.id, name: workflow.name, graph: workflow.graph, catalogue }}>
        <EditorLayout />
      </EditorStoreProvider>
    </ReactFlowProvider>
  );
}

function EditorLayout() {
  useLiveCompile();
  const { save, run, isRunning } = useWorkflowPersistence();
  return (
    <div className="editor">
      <EditorToolbar save={save} run={run} isRunning={isRunning} />
      <div className="editor-body">
        <Palette />
        <main className="editor-main">
          <FlowCanvas testId="editor-canvas">
            <Panel position="top-left">
              <ProblemsPanel />
            </Panel>
            <Panel position="bottom-center">
              <ConnectionToast />
            </Panel>
            <EmptyCanvasHint />
          </FlowCanvas>
        </main>
        <Inspector />
      </div>
    </div>
  );
}
