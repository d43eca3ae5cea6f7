"use client";
/** A JSON-ish value in a code block; long ones start as a one-line preview that opens to the full value. */
import { ChevronRight } from "lucide-react";
import { useState } from "react";
import { cx } from "@/components/ui/class-names";
import { prettyValue, previewValue } from "./format-value";

const COLLAPSE_OVER_CHARS = 160;

type ValueBlockProps = { value: unknown; collapsible?: boolean; tone?: "plain" | "error"; testId?: string };

export function ValueBlock({ value, collapsible = false, tone = "plain", testId }: ValueBlockProps) {
  const pretty = prettyValue(value);
  const preview = previewValue(value, COLLAPSE_OVER_CHARS);
  const canCollapse = collapsible && (pretty.length > COLLAPSE_OVER_CHARS || pretty.includes("\n"));
  const [open, setOpen] = useState(false);

  if (!canCollapse) {
    return (
      <pre className={cx("value-block", `value-block-${tone}`)} data-testid={testId}>
        {pretty}
      </pre>
    );
  }
  return (
    <div className={cx("value-collapsible", open && "is-open")}>
      <button type="button" className="value-toggle" aria-expanded={open} onClick={() => setOpen(!open)} title={open ? "Collapse" : "Show all"}>
        <ChevronRight size={13} aria-hidden className="value-toggle-chevron" />
        {open ? <span className="value-toggle-label">Collapse</span> : <code className="value-preview" data-testid={testId}>{preview}</code>}
      </button>
      {open && (
        <pre className={cx("value-block", `value-block-${tone}`)} data-testid={testId}>
          {pretty}
        </pre>
      )}
    </div>
  );
}
