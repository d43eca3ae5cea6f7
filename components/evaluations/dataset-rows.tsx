"use client";
/**
 * A dataset's rows as a table — input, expected output, other expectations — each changed in place or deleted, and a
 * form to add one by hand (editors; viewers only read). The page is read again after each change.
 */
import { Pencil, Trash2 } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import type { DatasetRowView } from "@/lib/evaluations/datasets";
import { callApi, rowsPath } from "./evaluation-api";
import { preview } from "./format";
import { RowForm } from "./row-form";
import { draftOf, type RowValue } from "./row-text";

type Props = { workflowId: string; datasetId: string; rows: DatasetRowView[]; canEdit: boolean };

const EMPTY = { input: "", output: "", more: "" };

export function DatasetRows({ workflowId, datasetId, rows, canEdit }: Props) {
  const router = useRouter();
  const [editing, setEditing] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const path = rowsPath(workflowId, datasetId);
  const done = (answer: { ok: true } | { ok: false; error: string }) => {
    if (!answer.ok) return answer.error;
    router.refresh();
    return null;
  };
  const add = async (row: RowValue) => done(await callApi("POST", path, { rows: [row] }));
  const change = async (id: string, row: RowValue) => {
    const problem = done(await callApi("PUT", `${path}/${encodeURIComponent(id)}`, row));
    if (!problem) setEditing(null);
    return problem;
  };
  const remove = async (id: string) => setError(done(await callApi("DELETE", `${path}/${encodeURIComponent(id)}`)));
  return (
    <>
      <div className="table-card">
        <RowsHead />
        <ul className="table-rows" data-testid="dataset-rows">
          {rows.length === 0 && (
            <li className="eval-empty eval-rows-empty">No rows yet: add one below or import a file.</li>
          )}
          {rows.map((row) =>
            editing === row.id ? (
              <li key={row.id} className="eval-row-editing">
                <RowForm
                  initial={draftOf(row)}
                  submitText="Save row"
                  testId="row-edit-form"
                  save={(value) => change(row.id, value)}
                  onCancel={() => setEditing(null)}
                />
              </li>
            ) : (
              <RowLine key={row.id} row={row} canEdit={canEdit} onEdit={setEditing} onDelete={remove} />
            ),
          )}
        </ul>
      </div>
      {error && (
        <p className="eval-error" role="alert">
          {error}
        </p>
      )}
      {canEdit && (
        <section className="eval-panel">
          <h3 className="eval-panel-title">Add a row</h3>
          <RowForm initial={EMPTY} submitText="Add row" testId="row-add-form" save={add} />
        </section>
      )}
    </>
  );
}

function RowsHead() {
  return (
    <div className="table-head eval-row" aria-hidden>
      <span>#</span>
      <span>Input</span>
      <span>Expected output</span>
      <span>Other expectations</span>
      <span />
    </div>
  );
}

type LineProps = {
  row: DatasetRowView;
  canEdit: boolean;
  onEdit: (id: string) => void;
  onDelete: (id: string) => Promise<void>;
};

function RowLine({ row, canEdit, onEdit, onDelete }: LineProps) {
  const { output, ...more } = row.expectations;
  const cell = (value: unknown) => (
    <span className="eval-mono" title={preview(value, 2000)}>
      {value === undefined || (typeof value === "object" && value !== null && !Object.keys(value).length)
        ? "—"
        : preview(value)}
    </span>
  );
  return (
    <li className="table-row eval-row" data-testid="dataset-row">
      <span className="muted">{row.position}</span>
      {cell(row.input)}
      {cell(output)}
      {cell(more)}
      <span className="eval-row-actions">
        {canEdit && (
          <>
            <button
              type="button"
              className="row-action"
              aria-label={`Edit row ${row.position}`}
              onClick={() => onEdit(row.id)}
            >
              <Pencil size={14} aria-hidden />
            </button>
            <button
              type="button"
              className="row-action row-action-danger"
              aria-label={`Delete row ${row.position}`}
              onClick={() => void onDelete(row.id)}
            >
              <Trash2 size={14} aria-hidden />
            </button>
          </>
        )}
      </span>
    </li>
  );
}
