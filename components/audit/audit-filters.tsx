"use client";
/** Filters above the tool-call audit trail: workflow (deleted ones too), tool, caller and outcome, as a plain GET form that re-submits on change. */
import { X } from "lucide-react";
import Link from "next/link";
import { AUDIT_CALLERS, AUDIT_OUTCOMES, type AuditCaller } from "@/lib/audit/audit-values";
import "@/components/run-list/run-list.css";

type AuditFiltersProps = {
  workflows: { id: string; name: string }[];
  tools: string[];
  current: { workflowId?: string; tool?: string; caller?: string; outcome?: string };
};

const CALLER_TEXT: Record<AuditCaller, string> = { agent: "Switchboard nodes", external: "External agents" };

export function AuditFilters({ workflows, tools, current }: AuditFiltersProps) {
  const submit = (event: React.ChangeEvent<HTMLSelectElement>) => event.currentTarget.form?.requestSubmit();
  const active = Boolean(current.workflowId || current.tool || current.caller || current.outcome);
  return (
    <form className="run-filters" action="/audit" method="get" data-testid="audit-filters">
      <label className="run-filter">
        <span>Workflow</span>
        <select name="workflowId" className="input" defaultValue={current.workflowId ?? ""} onChange={submit} data-testid="audit-filter-workflow">
          <option value="">All workflows</option>
          {workflows.map((workflow) => (
            <option key={workflow.id} value={workflow.id}>
              {workflow.name}
            </option>
          ))}
        </select>
      </label>
      <label className="run-filter">
        <span>Tool</span>
        <select name="tool" className="input" defaultValue={current.tool ?? ""} onChange={submit} data-testid="audit-filter-tool">
          <option value="">Any tool</option>
          {tools.map((tool) => (
            <option key={tool} value={tool}>
              {tool}
            </option>
          ))}
        </select>
      </label>
      <label className="run-filter">
        <span>Caller</span>
        <select name="caller" className="input" defaultValue={current.caller ?? ""} onChange={submit} data-testid="audit-filter-caller">
          <option value="">Anyone</option>
          {AUDIT_CALLERS.map((caller) => (
            <option key={caller} value={caller}>
              {CALLER_TEXT[caller]}
            </option>
          ))}
        </select>
      </label>
      <label className="run-filter">
        <span>Outcome</span>
        <select name="outcome" className="input" defaultValue={current.outcome ?? ""} onChange={submit} data-testid="audit-filter-outcome">
          <option value="">Any outcome</option>
          {AUDIT_OUTCOMES.map((outcome) => (
            <option key={outcome} value={outcome}>
              {outcome}
            </option>
          ))}
        </select>
      </label>
      {active && (
        <Link href="/audit" className="run-filters-clear">
          <X size={13} aria-hidden /> Clear filters
        </Link>
      )}
    </form>
  );
}
