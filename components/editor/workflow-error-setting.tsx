"use client";
/** Workflow settings: the error workflow, started with the failure's details whenever a run of this one fails. */
import { AlertTriangle } from "lucide-react";
import { WorkflowRefInput } from "./inspector/workflow-ref-input";
import { useEditorStore } from "./editor-store-context";

export function WorkflowErrorSetting() {
  const { errorWorkflowId, setSettings } = useEditorStore((state) => ({
    errorWorkflowId: state.settings?.errorWorkflowId,
    setSettings: state.setSettings,
  }));
  return (
    <div className="field" data-testid="error-workflow-setting">
      <label className="field-label" htmlFor="error-workflow">
        <AlertTriangle size={13} aria-hidden /> Error workflow
      </label>
      <WorkflowRefInput
        id="error-workflow"
        testId="error-workflow"
        value={errorWorkflowId ?? ""}
        invalid={false}
        onChange={(value) => setSettings({ errorWorkflowId: value || undefined })}
      />
      <p className="field-help">
        Started when a run of this workflow fails, with {"{ runId, workflowId, workflowName, nodeId, error, url }"} as
        its input. Its own failures start nothing.
      </p>
    </div>
  );
}
