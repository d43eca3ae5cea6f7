"use client";
/**
 * The right-hand panel: settings of the selected node (node-inspector.tsx), or with nothing selected the workflow's
 * own settings.
 */
import { MousePointerClick } from "lucide-react";
import { useDeferredValue } from "react";
import { useEditorStore } from "../editor-store-context";
import { WorkflowMcpServersSettings } from "../mcp/workflow-mcp-servers";
import { WorkflowMcpExposure } from "../workflow-mcp-exposure";
import { WorkflowA2aExposure } from "../workflow-a2a-exposure";
import { WorkflowPublicChat } from "../workflow-public-chat";
import { WorkflowErrorSetting } from "../workflow-error-setting";
import { WorkflowRunLimit } from "../workflow-run-limit";
import { WorkflowCostBudget } from "../workflow-cost-budget";
import { NodeInspector } from "./node-inspector";

export function Inspector() {
  const selectedId = useEditorStore((state) => state.nodes.find((node) => node.selected)?.id);
  // A click on a node shows it selected at once; its settings (a form to build) follow in a render of their own, which
  // gives way to the next click or key.
  const shownId = useDeferredValue(selectedId);
  const readOnly = useEditorStore((state) => state.readOnly);
  return (
    <aside className="inspector" data-testid="inspector" aria-label="Inspector">
      {/* A viewer reads the settings; a disabled fieldset keeps every field from changing them. */}
      <fieldset className="inspector-fieldset" disabled={readOnly}>
        {shownId ? <NodeInspector key={shownId} id={shownId} /> : <NothingSelected />}
      </fieldset>
    </aside>
  );
}

/** With nothing selected, the inspector shows how to start and the workflow's own settings. */
function NothingSelected() {
  const readOnly = useEditorStore((state) => state.readOnly);
  return (
    <div className="inspector-empty">
      <MousePointerClick size={20} aria-hidden />
      <p className="inspector-empty-title">No node selected</p>
      {readOnly ? (
        <p>Select a node to see its settings. You can look at this workflow; an editor can change and run it.</p>
      ) : (
        <>
          <p>Select a node to edit its settings.</p>
          <ul>
            <li>Drag components from the left onto the canvas.</li>
            <li>Connect an output (right side) to an input (left side).</li>
            <li>Switch a node to tool mode and wire it into an agent&apos;s Tools handle.</li>
          </ul>
        </>
      )}
      <section className="inspector-workflow-settings" aria-label="Workflow settings">
        <p className="inspector-empty-title">Workflow settings</p>
        <WorkflowRunLimit />
        <WorkflowCostBudget />
        <WorkflowMcpExposure />
        <WorkflowA2aExposure />
        <WorkflowPublicChat />
        <WorkflowErrorSetting />
        <WorkflowMcpServersSettings />
      </section>
    </div>
  );
}
