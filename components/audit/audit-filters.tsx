"use client";
/**
 * Filters above the tool-call audit trail: workflow (deleted ones too), tool, caller and outcome, as a plain GET form
 * that re-submits on change.
 */
import { X } from "lucide-react";
import Link from "next/link";
import { AUDIT_CALLERS, AUDIT_OUTCOMES, type AuditCaller } from "@/lib/audit/audit-values";
import { FilterSelect } from "@/components/run-list/filter-select";
import "@/components/run-list/run-list.css";

type AuditFiltersProps = {
  workflows: { id: string; name: string }[];
  tools: string[];
  current: { workflowId?: string; tool?: string; caller?: string; outcome?: string };
};

const CALLER_TEXT: Record<AuditCaller, string> = { agent: "Switchboard nodes", external: "External agents" };

export function AuditFilters({ workflows, tools, current }: AuditFiltersProps) {
  const active = Boolean(current.workflowId || current.tool || current.caller || current.outcome);
  return (
    <form className="run-filters" action="/audit" method="get" data-testid="audit-filters">
      <FilterSelect
        label="Workflow"
        name="workflowId"
        anyLabel="All workflows"
        options={workflows.map(({ id, name }) => ({ value: id, label: name }))}
        current={current.workflowId}
        testId="audit-filter-workflow"
      />
      <FilterSelect
        label="Tool"
        name="tool"
        anyLabel="Any tool"
        options={tools.map((tool) => ({ value: tool, label: tool }))}
        current={current.tool}
        testId="audit-filter-tool"
      />
      <FilterSelect
        label="Caller"
        name="caller"
        anyLabel="Anyone"
        options={AUDIT_CALLERS.map((caller) => ({ value: caller, label: CALLER_TEXT[caller] }))}
        current={current.caller}
        testId="audit-filter-caller"
      />
      <FilterSelect
        label="Outcome"
        name="outcome"
        anyLabel="Any outcome"
        options={AUDIT_OUTCOMES.map((outcome) => ({ value: outcome, label: outcome }))}
        current={current.outcome}
        testId="audit-filter-outcome"
      />
      {active && (
        <Link href="/audit" className="run-filters-clear">
          <X size={13} aria-hidden /> Clear filters
        </Link>
      )}
    </form>
  );
}
