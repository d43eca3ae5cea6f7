"use client";
/**
 * Workflow settings: the most one run's model calls may cost, in US dollars by the price table
 * (settings.costBudgetUsd); a run that spends more is stopped and fails, saying so.
 */
import { CircleDollarSign } from "lucide-react";
import { WorkflowNumberSetting } from "./workflow-number-setting";

export function WorkflowCostBudget() {
  return (
    <WorkflowNumberSetting
      setting="costBudgetUsd"
      testId="cost-budget"
      inputId="cost-budget-usd"
      label={
        <>
          <CircleDollarSign size={13} aria-hidden /> Cost budget per run (USD)
        </>
      }
      shown={(budget) => (budget === undefined ? "No limit" : `$${budget}`)}
      problem={(budget) => (budget > 0 && budget <= 1_000_000 ? null : "More than 0, or empty for no limit.")}
      help="A run whose model calls cost more than this, by the price table in Settings, is stopped and fails."
    />
  );
}
