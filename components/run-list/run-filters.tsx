"use client";
/**
 * Filters above the run history: workflow, status and a day range (since / until, both days included), as a plain GET
 * form that re-submits on change. A link from Insights may add more (production runs only, a failed node, a tool): they
 * are kept through the form and named above the list, with a way to drop them.
 */
import { X } from "lucide-react";
import Link from "next/link";
import { RUN_STATUSES } from "@/lib/runs/run-statuses";
import { FilterSelect } from "./filter-select";
import "./run-list.css";

/** The filters Insights links with, and how the list names them. */
const NARROWING = {
  tests: () => "production runs only",
  failedNode: (value: string) => `node ${value} failed`,
  tool: (value: string) => `called ${value}`,
  failedTool: (value: string) => `a call of ${value} failed`,
} as const;
type Narrowing = Partial<Record<keyof typeof NARROWING, string>>;

type RunFiltersProps = {
  workflows: { id: string; name: string }[];
  current: { workflowId?: string; status?: string; since?: string; until?: string } & Narrowing;
};

/** A date input shows a day: an instant from an Insights link shows as its day (UTC). */
const dayOf = (value: string | undefined) => value?.slice(0, 10) ?? "";

export function RunFilters({ workflows, current }: RunFiltersProps) {
  const submit = (event: React.ChangeEvent<HTMLInputElement>) => event.currentTarget.form?.requestSubmit();
  const narrowing = Object.entries(NARROWING).flatMap(([name, describe]) => {
    const value = current[name as keyof Narrowing];
    return value ? [{ name, value, text: describe(value) }] : [];
  });
  const active = Boolean(
    current.workflowId || current.status || current.since || current.until || narrowing.length > 0,
  );
  return (
    <form className="run-filters" action="/runs" method="get" data-testid="run-filters">
      {narrowing.map(({ name, value }) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
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
      <DayInput label="Since" name="since" value={current.since} onChange={submit} />
      <DayInput label="Until" name="until" value={current.until} onChange={submit} />
      {narrowing.length > 0 && (
        <span className="run-filters-narrowing" data-testid="filter-narrowing">
          {narrowing.map((entry) => entry.text).join(" · ")}
        </span>
      )}
      {active && (
        <Link href="/runs" className="run-filters-clear">
          <X size={13} aria-hidden /> Clear filters
        </Link>
      )}
    </form>
  );
}

type DayInputProps = {
  label: string;
  name: "since" | "until";
  value: string | undefined;
  onChange: (event: React.ChangeEvent<HTMLInputElement>) => void;
};

function DayInput({ label, name, value, onChange }: DayInputProps) {
  return (
    <label className="run-filter">
      <span>{label}</span>
      <input
        type="date"
        name={name}
        className="input"
        defaultValue={dayOf(value)}
        onChange={onChange}
        data-testid={`filter-${name}`}
      />
    </label>
  );
}
