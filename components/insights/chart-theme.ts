/**
 * Colours and labels the Insights charts share. SVG presentation attributes take no CSS variables, so the app's
 * palette (app/globals.css) is repeated here as values.
 */
import type { RunStatusName } from "@/lib/runs/run-statuses";

export const STATUS_COLORS: Record<RunStatusName, string> = {
  completed: "#16a34a",
  failed: "#dc2626",
  cancelled: "#a1a1aa",
  waiting: "#0369a1",
  running: "#4f46e5",
  queued: "#d4d4d8",
};
/** Bottom to top in a stacked bar: what finished first, then what is still going on. */
export const STACK_ORDER: RunStatusName[] = ["completed", "failed", "cancelled", "waiting", "running", "queued"];
/** One colour per workflow in the spend charts (the rest share "Other"). */
export const SERIES_COLORS = ["#4f46e5", "#d97706", "#0891b2", "#db2777", "#65a30d", "#7c3aed"];
export const OTHER_COLOR = "#a1a1aa";
export const AXIS = { stroke: "#a1a1aa", fontSize: 11, tickLine: false } as const;
export const GRID_COLOR = "#e4e4e7";

/** A bucket's label on an axis: "Nov 20" for a day, "14:00" for an hour (UTC, as the buckets are). */
export function bucketLabel(start: string, bucket: "hour" | "day"): string {
  const options: Intl.DateTimeFormatOptions =
    bucket === "day"
      ? { month: "short", day: "numeric", timeZone: "UTC" }
      : { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: "UTC" };
  return new Intl.DateTimeFormat("en-US", options).format(new Date(start));
}
