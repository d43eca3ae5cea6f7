"use client";
/**
 * Workflow settings: how many runs of this workflow may run at once (settings.maxConcurrentRuns); more wait queued, in
 * order.
 */
import { Layers } from "lucide-react";
import { NumberInput } from "./inspector/number-input";
import { useEditorStore } from "./editor-store-context";

export function WorkflowRunLimit() {
  const { limit, setSettings, readOnly } = useEditorStore((state) => ({
    limit: state.settings?.maxConcurrentRuns,
    setSettings: state.setSettings,
    readOnly: state.readOnly,
  }));
  const invalid = limit !== undefined && (!Number.isInteger(limit) || limit < 1 || limit > 1000);
  return (
    <div className="field" data-testid="run-limit">
      <label className="field-label" htmlFor="max-concurrent-runs">
        <Layers size={13} aria-hidden /> Runs at once
      </label>
      {readOnly ? (
        <p>{limit ?? "No limit"}</p>
      ) : (
        <NumberInput
          id="max-concurrent-runs"
          testId="max-concurrent-runs"
          value={limit}
          placeholder="No limit"
          invalid={invalid}
          onChange={(value) => setSettings({ maxConcurrentRuns: value })}
        />
      )}
      <p className="field-help">
        {invalid ? "A whole number from 1 to 1000, or empty for no limit. " : ""}Runs beyond this wait queued, in order,
        holding no worker; a person&apos;s run goes ahead of webhook, API and MCP runs, which go ahead of scheduled
        ones.
      </p>
    </div>
  );
}
