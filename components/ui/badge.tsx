/** A small pill for short labels such as "Tool" or a run status. */
import type { ReactNode } from "react";
import { cx } from "./class-names";

export type BadgeTone = "neutral" | "accent" | "tool" | "danger" | "success";

export function Badge({
  tone = "neutral",
  className,
  children,
}: {
  tone?: BadgeTone;
  className?: string;
  children: ReactNode;
}) {
  return <span className={cx("badge", `badge-${tone}`, className)}>{children}</span>;
}
