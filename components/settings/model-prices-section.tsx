"use client";
/**
 * Admins only: the model price table — US dollars per million input and output tokens, by provider and model — that
 * prices every model call (the run view, the runs list, the metrics, a workflow's cost budget). A model id is priced
 * by its own row or the longest row it begins with; a model with no row costs nothing.
 */
import { Plus, Trash2 } from "lucide-react";
import { useState, useTransition } from "react";
import { setModelPricesAction } from "@/app/settings/actions";
import { Button } from "@/components/ui/button";
import { SettingsMessage, type SavedMessage } from "./settings-message";
import type { ModelPrice } from "@/lib/settings/model-price-table";

type Row = { provider: string; model: string; input: string; output: string };

const PROVIDERS = ["openai-compatible", "anthropic", "scripted"];
const toRow = (price: ModelPrice): Row => ({
  provider: price.provider,
  model: price.model,
  input: String(price.inputPerMillion),
  output: String(price.outputPerMillion),
});
const toPrice = (row: Row) => ({
  provider: row.provider.trim(),
  model: row.model.trim(),
  inputPerMillion: row.input.trim() === "" ? Number.NaN : Number(row.input),
  outputPerMillion: row.output.trim() === "" ? Number.NaN : Number(row.output),
});

export function ModelPricesSection({ initial, customised }: { initial: ModelPrice[]; customised: boolean }) {
  const [rows, setRows] = useState(initial.map(toRow));
  const [message, setMessage] = useState<SavedMessage | null>(null);
  const [pending, startTransition] = useTransition();
  const change = (index: number, field: keyof Row, value: string) =>
    setRows((all) => all.map((row, i) => (i === index ? { ...row, [field]: value } : row)));
  const save = (table: ReturnType<typeof toPrice>[] | null) =>
    startTransition(async () => {
      const result = await setModelPricesAction(table);
      if (result.ok && table === null) window.location.reload(); // the defaults, as the server has them
      setMessage(
        result.ok ? { ok: true, text: "Saved: model calls from now on use it." } : { ok: false, text: result.error },
      );
    });
  return (
    <section className="settings-card" data-testid="model-prices">
      <h2>Model prices</h2>
      <p>
        US dollars per million tokens. Every model call is priced by its provider and model — by its own row, or the
        longest row its model id begins with (gpt-4o-2024-08-06 as gpt-4o); a model with no row costs nothing.{" "}
        {customised ? "This is your own table." : "These are the providers' list prices."}
      </p>
      <datalist id="model-price-providers">
        {PROVIDERS.map((provider) => (
          <option key={provider} value={provider} />
        ))}
      </datalist>
      <table className="price-table">
        <thead>
          <tr>
            <th>Provider</th>
            <th>Model</th>
            <th>Input $/M</th>
            <th>Output $/M</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <PriceRow
              key={index}
              row={row}
              index={index}
              onChange={(field, value) => change(index, field, value)}
              onRemove={() => setRows((all) => all.filter((_, i) => i !== index))}
            />
          ))}
        </tbody>
      </table>
      <PriceActions
        pending={pending}
        customised={customised}
        onAdd={() => setRows((all) => [...all, { provider: "openai-compatible", model: "", input: "", output: "" }])}
        onSave={() => save(rows.map(toPrice))}
        onReset={() => save(null)}
      />
      <SettingsMessage message={message} />
    </section>
  );
}

type PriceRowProps = {
  row: Row;
  index: number;
  onChange: (field: keyof Row, value: string) => void;
  onRemove: () => void;
};

/** One model's prices, each cell edited in place, and removing the row. */
function PriceRow({ row, index, onChange, onRemove }: PriceRowProps) {
  return (
    <tr data-testid="model-price-row">
      {(["provider", "model", "input", "output"] as const).map((field) => (
        <td key={field}>
          <input
            className="input"
            aria-label={`${field} of row ${index + 1}`}
            list={field === "provider" ? "model-price-providers" : undefined}
            inputMode={field === "input" || field === "output" ? "decimal" : undefined}
            value={row[field]}
            onChange={(e) => onChange(field, e.target.value)}
          />
        </td>
      ))}
      <td>
        <button
          type="button"
          className="row-action row-action-danger"
          aria-label={`Remove row ${index + 1}`}
          onClick={onRemove}
        >
          <Trash2 size={14} aria-hidden />
        </button>
      </td>
    </tr>
  );
}

type PriceActionsProps = {
  pending: boolean;
  customised: boolean;
  onAdd: () => void;
  onSave: () => void;
  onReset: () => void;
};

/** Adding a row, saving the table, and (once it is your own) going back to the list prices. */
function PriceActions({ pending, customised, onAdd, onSave, onReset }: PriceActionsProps) {
  return (
    <div className="settings-row">
      <Button variant="secondary" onClick={onAdd}>
        <Plus size={14} aria-hidden /> Add a model
      </Button>
      <Button variant="primary" onClick={onSave} disabled={pending} data-testid="model-prices-save">
        Save
      </Button>
      {customised && (
        <Button variant="secondary" onClick={onReset} disabled={pending}>
          Back to the list prices
        </Button>
      )}
    </div>
  );
}
