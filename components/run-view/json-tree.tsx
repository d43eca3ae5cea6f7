"use client";
/**
 * A JSON value as a tree: objects and arrays open and close (the first two levels start open,
 * with how many keys or items they hold), leaves are coloured by type. Node inspection uses it so
 * a large output can be read level by level instead of scrolled through as text.
 */
import type { ReactNode } from "react";

const OPEN_LEVELS = 2;

const isBranch = (value: unknown): value is Record<string, unknown> | unknown[] =>
  typeof value === "object" && value !== null;

function Leaf({ value }: { value: unknown }) {
  if (typeof value === "string") return <span className="json-string">&quot;{value}&quot;</span>;
  if (typeof value === "number") return <span className="json-number">{value}</span>;
  if (typeof value === "boolean") return <span className="json-boolean">{String(value)}</span>;
  return <span className="json-null">null</span>;
}

function sizeOf(value: Record<string, unknown> | unknown[]): string {
  const count = Array.isArray(value) ? value.length : Object.keys(value).length;
  if (Array.isArray(value)) return `[${count} item${count === 1 ? "" : "s"}]`;
  return `{${count} key${count === 1 ? "" : "s"}}`;
}

function Branch({
  label,
  value,
  depth,
}: {
  label: ReactNode;
  value: Record<string, unknown> | unknown[];
  depth: number;
}) {
  const entries = Array.isArray(value)
    ? value.map((item, index) => [String(index), item] as const)
    : Object.entries(value);
  if (entries.length === 0) {
    return (
      <div className="json-row">
        {label}
        <span className="json-size">{Array.isArray(value) ? "[]" : "{}"}</span>
      </div>
    );
  }
  return (
    <details className="json-branch" open={depth < OPEN_LEVELS}>
      <summary>
        {label}
        <span className="json-size">{sizeOf(value)}</span>
      </summary>
      <ul>
        {entries.map(([key, item]) => (
          <li key={key}>
            <Node
              label={<span className="json-key">{Array.isArray(value) ? key : `${key}:`}</span>}
              value={item}
              depth={depth + 1}
            />
          </li>
        ))}
      </ul>
    </details>
  );
}

function Node({ label, value, depth }: { label?: ReactNode; value: unknown; depth: number }) {
  if (isBranch(value)) return <Branch label={label} value={value} depth={depth} />;
  return (
    <div className="json-row">
      {label}
      <Leaf value={value} />
    </div>
  );
}

/** Draws `value` (already unpacked from JSON text) as a tree; callers pass objects and arrays. */
export function JsonTree({ value, testId }: { value: Record<string, unknown> | unknown[]; testId?: string }) {
  return (
    <div className="json-tree" data-testid={testId}>
      <Node value={value} depth={0} />
    </div>
  );
}
