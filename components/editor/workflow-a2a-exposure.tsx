"use client";
/**
 * Workflow settings: offer this workflow as an A2A agent (/api/a2a/{id}, its Agent Card at the well-known path under
 * it), with the description other agents read.
 */
import { Network } from "lucide-react";
import { ExposureSwitch } from "./exposure-switch";
import { useEditorStore } from "./editor-store-context";

export function WorkflowA2aExposure() {
  const { a2a, name, workflowId, setSettings } = useEditorStore((state) => ({
    a2a: state.settings?.a2a,
    name: state.name,
    workflowId: state.workflowId ?? "{id}",
    setSettings: state.setSettings,
  }));
  const expose = a2a?.expose === true;
  const update = (change: Partial<NonNullable<typeof a2a>>) => setSettings({ a2a: { expose, ...a2a, ...change } });
  return (
    <div className="workflow-mcp-exposure" data-testid="a2a-exposure">
      <ExposureSwitch
        label={
          <>
            <Network size={13} aria-hidden /> Expose over A2A
          </>
        }
        checked={expose}
        onChange={(checked) => update({ expose: checked })}
        testId="a2a-expose-toggle"
      />
      <p className="field-help">
        Other agents (A2A clients) with an API key can discover and call this workflow, as its published version says: a
        change here takes effect when you publish. Agent Card:{" "}
        <code>/api/a2a/{workflowId}/.well-known/agent-card.json</code>
      </p>
      {expose && (
        <div className="field">
          <label className="field-label" htmlFor="a2a-description">
            Description
          </label>
          <textarea
            id="a2a-description"
            className="input textarea"
            rows={2}
            placeholder={`Runs the workflow "${name}"`}
            value={a2a?.description ?? ""}
            onChange={(e) => update({ description: e.target.value || undefined })}
          />
        </div>
      )}
    </div>
  );
}
