"use client";
/**
 * A JSON-ish value in a code block; long ones start as a one-line preview that opens to the full
 * value. Images in it are drawn, not printed. With `tree`, objects and arrays are drawn as a tree.
 */
import { ChevronRight } from "lucide-react";
import { useState } from "react";
import { cx } from "@/components/ui/class-names";
import { prettyValue, previewValue, splitImages, unpackJson } from "./format-value";
import { JsonTree } from "./json-tree";

const COLLAPSE_OVER_CHARS = 160;

type ValueBlockProps = {
  value: unknown;
  collapsible?: boolean;
  tree?: boolean;
  tone?: "plain" | "error";
  testId?: string;
};

export function ValueBlock(props: ValueBlockProps) {
  const { images, rest } = splitImages(props.value);
  if (images.length === 0) return <TextValue {...props} />;
  return (
    <div className="value-with-images" data-testid={props.testId}>
      {images.map((image, index) => (
        // A data: URL from the run: a plain img, nothing for next/image to optimise.
        <img
          key={index}
          className="value-image"
          src={`data:${image.mimeType};base64,${image.data}`}
          alt={`Image ${index + 1} (${image.mimeType})`}
          data-testid="value-image"
        />
      ))}
      {rest !== undefined && <TextValue {...props} value={rest} testId={undefined} />}
    </div>
  );
}

function TextValue({ value, collapsible = false, tree = false, tone = "plain", testId }: ValueBlockProps) {
  const unpacked = tree ? unpackJson(value) : undefined;
  if (typeof unpacked === "object" && unpacked !== null)
    return <JsonTree value={unpacked as Record<string, unknown>} testId={testId} />;
  return <PlainValue value={value} collapsible={collapsible} tone={tone} testId={testId} />;
}

function PlainValue({ value, collapsible = false, tone = "plain", testId }: ValueBlockProps) {
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
      <button
        type="button"
        className="value-toggle"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        title={open ? "Collapse" : "Show all"}
      >
        <ChevronRight size={13} aria-hidden className="value-toggle-chevron" />
        {open ? (
          <span className="value-toggle-label">Collapse</span>
        ) : (
          <code className="value-preview" data-testid={testId}>
            {preview}
          </code>
        )}
      </button>
      {open && (
        <pre className={cx("value-block", `value-block-${tone}`)} data-testid={testId}>
          {pretty}
        </pre>
      )}
    </div>
  );
}
