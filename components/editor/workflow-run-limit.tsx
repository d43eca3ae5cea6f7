"use client";
/**
 * Workflow settings: how many runs of this workflow may run at once (settings.maxConcurrentRuns); more wait queued, in
 * order.
 */
import { Layers } from "lucide-react";
import { WorkflowNumberSetting } from "./workflow-number-setting";

export function WorkflowRunLimit() {
  return (
    <WorkflowNumberSetting
      setting="maxConcurrentRuns"
      testId="run-limit"
      inputId="max-concurrent-runs"
      label={
        <>
          <Layers size={13} aria-hidden /> Runs at once
        </>
      }
      shown={(limit) => String(limit ?? "No limit")}
      problem={(limit) =>
        Number.isInteger(limit) && limit >= 1 && limit <= 1000
          ? null
          : "A whole number from 1 to 1000, or empty for no limit."
      }
      help={
        <>
          Runs beyond this wait queued, in order, holding no worker; a person&apos;s run goes ahead of webhook, API and
          MCP runs, which go ahead of scheduled ones.
        </>
      }
    />
  );
}
