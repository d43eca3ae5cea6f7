"use client";
/** One select of a list's filter form (run history, tool calls): a label, "any" first, and a new page on change. */
type FilterSelectProps = {
  label: string;
  name: string;
  anyLabel: string;
  options: { value: string; label: string }[];
  current?: string;
  testId: string;
};

export function FilterSelect({ label, name, anyLabel, options, current, testId }: FilterSelectProps) {
  return (
    <label className="run-filter">
      <span>{label}</span>
      <select
        name={name}
        className="input"
        defaultValue={current ?? ""}
        onChange={(event) => event.currentTarget.form?.requestSubmit()}
        data-testid={testId}
      >
        <option value="">{anyLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}
