"use client";
/** The colour choice of a selected sticky note or group: one round swatch per colour. */
import type { AnnotationColor } from "@/lib/workflow/canvas-annotations";
import { ANNOTATION_COLORS } from "@/lib/workflow/constants";
import { cx } from "@/components/ui/class-names";

export function ColorSwatches({ value, onPick }: { value: AnnotationColor; onPick: (color: AnnotationColor) => void }) {
  return (
    <div className="annotation-swatches nodrag" role="radiogroup" aria-label="Colour">
      {ANNOTATION_COLORS.map((color) => (
        <button
          key={color}
          type="button"
          role="radio"
          aria-checked={value === color}
          aria-label={color}
          title={color}
          data-testid={`annotation-color-${color}`}
          className={cx("annotation-swatch", `is-${color}`, value === color && "is-current")}
          onClick={() => onPick(color)}
        />
      ))}
    </div>
  );
}
