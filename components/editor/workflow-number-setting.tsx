"use client";
/**
 * A workflow setting that is one number or nothing (settings.maxConcurrentRuns, settings.costBudgetUsd): its label,
 * input, help, and what it says when the number does not hold.
 */
import type { ReactNode } from "react";
import type { WorkflowGraph } from "@/lib/workflow/graph";
import { NumberInput } from "./inspector/number-input";
import { useEditorStore } from "./editor-store-context";

type NumberSettingKey = "maxConcurrentRuns" | "costBudgetUsd";

type WorkflowNumberSettingProps = {
  setting: NumberSettingKey;
  /** The field's test id, and its input's id (and test id). */
  testId: string;
  inputId: string;
  label: ReactNode;
  /** How it reads when the workflow is open read-only. */
  shown: (value: number | undefined) => string;
  /** Why a value does not hold, or null when it does. */
  problem: (value: number) => string | null;
  help: ReactNode;
};

export function WorkflowNumberSetting(props: WorkflowNumberSettingProps) {
  const { setting, testId, inputId, label, shown, problem, help } = props;
  const { value, setSettings, readOnly } = useEditorStore((state) => ({
    value: (state.settings as NonNullable<WorkflowGraph["settings"]> | undefined)?.[setting],
    setSettings: state.setSettings,
    readOnly: state.readOnly,
  }));
  const invalid = value === undefined ? null : problem(value);
  return (
    <div className="field" data-testid={testId}>
      <label className="field-label" htmlFor={inputId}>
        {label}
      </label>
      {readOnly ? (
        <p>{shown(value)}</p>
      ) : (
        <NumberInput
          id={inputId}
          testId={inputId}
          value={value}
          placeholder="No limit"
          invalid={invalid !== null}
          onChange={(next) => setSettings({ [setting]: next })}
        />
      )}
      <p className="field-help">
        {invalid ? `${invalid} ` : ""}
        {help}
      </p>
    </div>
  );
}
