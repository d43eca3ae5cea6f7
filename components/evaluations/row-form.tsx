"use client";
/** One dataset row's fields — its input, the expected output, other expectations — for adding a row or changing one. */
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { rowOf, type RowDraft, type RowValue } from "./row-text";

type RowFormProps = {
  initial: RowDraft;
  submitText: string;
  testId: string;
  /** Saves the row; answers the API's error, or null once saved. */
  save: (row: RowValue) => Promise<string | null>;
  onCancel?: () => void;
};

export function RowForm({ initial, submitText, testId, save, onCancel }: RowFormProps) {
  const [draft, setDraft] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const field = (name: keyof RowDraft) => ({
    value: draft[name],
    onChange: (event: { target: { value: string } }) => setDraft({ ...draft, [name]: event.target.value }),
  });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = rowOf(draft);
    if (!parsed.ok) return setError(parsed.error);
    setSaving(true);
    const problem = await save(parsed.row);
    setSaving(false);
    setError(problem);
    if (!problem && !onCancel) setDraft(initial);
  };
  return (
    <form className="eval-row-form" onSubmit={(event) => void submit(event)} data-testid={testId}>
      <label>
        Input
        <textarea className="input textarea mono" rows={2} placeholder="Oslo, or JSON" {...field("input")} />
      </label>
      <label>
        Expected output
        <textarea className="input textarea mono" rows={2} placeholder="4°C" {...field("output")} />
      </label>
      <label>
        Other expectations
        <textarea className="input textarea mono" rows={2} placeholder='{ "city": "Oslo" }' {...field("more")} />
      </label>
      <div className="eval-row-form-actions">
        <Button type="submit" variant="primary" size="sm" disabled={saving}>
          {saving ? "Saving…" : submitText}
        </Button>
        {onCancel && (
          <Button size="sm" variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
      {error && (
        <p className="eval-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
