"use client";
/**
 * One value shown three ways, as n8n users expect: a table (a list of records as rows, an object
 * as key/value rows), a JSON tree, or plain text. JSON text inside values is unpacked first.
 */
import { JsonTree } from "@/components/run-view/json-tree";
import { prettyValue, previewValue, unpackJson } from "@/components/run-view/format-value";
import { isRecord } from "@/lib/validation/is-record";
import type { DataView } from "./test-run-store";

const MAX_ROWS = 200;

function Cell({ value }: { value: unknown }) {
  const text = typeof value === "string" ? value : previewValue(value, 120);
  return <td title={typeof value === "string" ? value : prettyValue(value)}>{text}</td>;
}

/** A list of records: one row each, a column per key seen; an object: a row per key; anything else: one cell. */
export function DataTable({ value }: { value: unknown }) {
  if (Array.isArray(value) && value.length > 0 && value.every(isRecord)) {
    const columns = [...new Set(value.slice(0, MAX_ROWS).flatMap((row) => Object.keys(row)))];
    return (
      <table className="data-table" data-testid="data-table">
        <thead>
          <tr>
            <th>#</th>
            {columns.map((column) => (
              <th key={column}>{column}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {value.slice(0, MAX_ROWS).map((row, index) => (
            <tr key={index}>
              <td className="data-table-index">{index}</td>
              {columns.map((column) => (
                <Cell key={column} value={row[column]} />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    );
  }
  const rows = isRecord(value)
    ? Object.entries(value)
    : Array.isArray(value)
      ? value.map((v, i) => [String(i), v])
      : [];
  if (rows.length === 0) return <pre className="data-text">{prettyValue(value)}</pre>;
  return (
    <table className="data-table" data-testid="data-table">
      <tbody>
        {rows.slice(0, MAX_ROWS).map(([key, item]) => (
          <tr key={key as string}>
            <th scope="row">{key as string}</th>
            <Cell value={item} />
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function DataValue({ value, view, testId }: { value: unknown; view: DataView; testId?: string }) {
  if (value === undefined || value === "")
    return (
      <p className="data-empty" data-testid={testId}>
        {value === undefined ? "Nothing on this port" : "Empty text"}
      </p>
    );
  const unpacked = unpackJson(value);
  return (
    <div className="data-value" data-testid={testId}>
      {view === "table" && <DataTable value={unpacked} />}
      {view === "json" &&
        (typeof unpacked === "object" && unpacked !== null ? (
          <JsonTree value={unpacked as Record<string, unknown>} />
        ) : (
          <pre className="data-text">{JSON.stringify(unpacked)}</pre>
        ))}
      {view === "text" && <pre className="data-text">{prettyValue(value)}</pre>}
    </div>
  );
}
