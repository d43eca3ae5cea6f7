"use client";
/**
 * In tool mode: whether each call waits for a person's approval in the run view, and for how long before it is denied.
 */
import type { ToolConfig } from "@/lib/workflow/graph";
import { DEFAULT_APPROVAL_TIMEOUT_SECONDS, MAX_APPROVAL_TIMEOUT_SECONDS } from "@/lib/workflow/constants";
import { NumberInput } from "./number-input";

const MIN_TIMEOUT_SECONDS = 5;

type ApprovalSettingProps = {
  id: string;
  toolConfig: ToolConfig | undefined;
  onChange: (toolConfig: ToolConfig) => void;
};

export function ApprovalSetting({ id, toolConfig, onChange }: ApprovalSettingProps) {
  const required = toolConfig?.requiresApproval === true;
  const timeout = toolConfig?.approvalTimeoutSeconds;
  return (
    <div className="tool-detail">
      <label className="mode-row">
        <span className="tool-detail-label">Requires approval</span>
        <input
          type="checkbox"
          role="switch"
          className="switch switch-tool"
          data-testid="requires-approval-toggle"
          checked={required}
          onChange={(e) => onChange({ ...toolConfig, requiresApproval: e.target.checked })}
        />
      </label>
      {required && (
        <>
          <label className="tool-detail-label" htmlFor={`${id}-approval-timeout`}>
            Deny after (seconds, {MIN_TIMEOUT_SECONDS}–{MAX_APPROVAL_TIMEOUT_SECONDS})
          </label>
          <NumberInput
            id={`${id}-approval-timeout`}
            testId="approval-timeout"
            value={timeout}
            placeholder={String(DEFAULT_APPROVAL_TIMEOUT_SECONDS)}
            onChange={(value) => {
              const valid =
                value !== undefined &&
                Number.isInteger(value) &&
                value >= MIN_TIMEOUT_SECONDS &&
                value <= MAX_APPROVAL_TIMEOUT_SECONDS;
              onChange({ ...toolConfig, approvalTimeoutSeconds: valid ? value : undefined });
            }}
          />
          <p className="field-help">
            Each call waits in the run view for Approve or Deny; with no decision in time it is denied.
          </p>
        </>
      )}
    </div>
  );
}
