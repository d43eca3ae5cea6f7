"use client";
/** The on/off switch that offers a workflow to outside callers (over MCP, over A2A) in the workflow's settings. */
import type { ReactNode } from "react";

type ExposureSwitchProps = { label: ReactNode; checked: boolean; onChange: (checked: boolean) => void; testId: string };

export function ExposureSwitch({ label, checked, onChange, testId }: ExposureSwitchProps) {
  return (
    <label className="field field-inline">
      <span className="field-label">{label}</span>
      <input
        type="checkbox"
        className="switch"
        role="switch"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        data-testid={testId}
      />
    </label>
  );
}
