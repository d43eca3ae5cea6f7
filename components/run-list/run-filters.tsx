"use client";
/**
 * Filters above the run history: workflow, status and a day range (since / until, both days included), as a plain GET
 * form that re-submits on change.
 */
import { X } from "lucide-react";
import Link from "next/link";
import { RUN_STATUSES } from "@/lib/runs/run-statuses";
import { FilterSelect } from "./filter-select";
import "./run-list.css";

type RunFiltersProps = {
  workflows: { id: string; name: string }[];
  current: { workflowId?: string; status?: string; since?: string; until?: string };
};

export function RunFilters({ workflows, current }: RunFiltersProps) {
  const submit = (event: React.ChangeEvent<HTMLInputElement>) => event.currentTarget.form?.requestSubmit();
  const active = Boolean(current.workflowId || current.status || current.since || current.until);
  return (
    <form className="run-filters" action="/runs" method="get" data-testid="run-filters">
      <FilterSelect
        label="Workflow"
        name="workflowId"
        anyLabel="All workflows"
        options={workflows.map(({ id, name }) => ({ value: id, label: name }))}
        current={current.workflowId}
        testId="filter-workflow"
      />
      <FilterSelect
        label="Status"
        name="status"
        anyLabel="Any status"
        options={RUN_STATUSES.map((status) => ({ value: status, label: status }))}
        current={current.status}
        testId="filter-status"
      />
      <label className="run-filter">
        <span>Since</span>
        <input
          type="date"
          name="since"
          className="input"
          defaultValue={current.since ?? ""}
          onChange={submit}
          data-testid="filter-since"
        />
      </label>
      <label className="run-filter">
        <span>Until</span>
        <input
          type="date"
          name="until"
          className="input"
          defaultValue={current.until ?? ""}
          onChange={submit}
          data-testid="filter-until"
        />
      </label>
      {active && (
        <Link href="/runs" className="run-filters-clear">
          <X size={13} aria-hidden /> Clear filters
        </Link>
      )}
    </form>
  );
}
