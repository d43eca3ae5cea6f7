"use client";
/**
 * Filters above Insights: the workflow and the time window (the last 24 hours, 7, 30 or 90 days, or from/to days), as a
 * plain GET form that re-submits on change, so the address holds them.
 */
import { useState } from "react";
import { FilterSelect } from "@/components/run-list/filter-select";
import "@/components/run-list/run-list.css";

const RANGES = [
  { value: "24h", label: "Last 24 hours" },
  { value: "7d", label: "Last 7 days" },
  { value: "30d", label: "Last 30 days" },
  { value: "90d", label: "Last 90 days" },
  { value: "custom", label: "Days…" },
];

type InsightsFiltersProps = {
  workflows: { id: string; name: string }[];
  current: { workflowId?: string; range: string; from?: string; to?: string };
};

export function InsightsFilters({ workflows, current }: InsightsFiltersProps) {
  const [range, setRange] = useState(current.range);
  const custom = range === "custom";
  const submit = (event: React.ChangeEvent<HTMLElement>) => {
    const form = (event.currentTarget as HTMLInputElement).form;
    if (form?.checkValidity()) form.requestSubmit();
  };
  return (
    <form className="run-filters" action="/insights" method="get" data-testid="insights-filters">
      <FilterSelect
        label="Workflow"
        name="workflowId"
        anyLabel="All workflows"
        options={workflows.map(({ id, name }) => ({ value: id, label: name }))}
        current={current.workflowId}
        testId="insights-filter-workflow"
      />
      <label className="run-filter">
        <span>Time</span>
        <select
          name={custom ? undefined : "range"}
          className="input"
          value={range}
          onChange={(event) => {
            setRange(event.currentTarget.value);
            if (event.currentTarget.value !== "custom") submit(event);
          }}
          data-testid="insights-filter-range"
        >
          {RANGES.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </label>
      {custom && (
        <>
          <label className="run-filter">
            <span>From</span>
            <input type="date" name="from" className="input" required defaultValue={current.from} onChange={submit} />
          </label>
          <label className="run-filter">
            <span>To</span>
            <input type="date" name="to" className="input" defaultValue={current.to} onChange={submit} />
          </label>
        </>
      )}
    </form>
  );
}
