/**
 * What the Insights page and GET /api/insights are asked for: a workflow (or all) and a time window — a range ending
 * now (the last 24 hours by hour; 7, 30 or 90 days by day, from midnight UTC) or from/to days or times — and the
 * buckets the window's charts are cut into. Pure: the browser's filter form and the server read the same rules.
 */
import { z } from "zod";

export const INSIGHT_RANGES = ["24h", "7d", "30d", "90d"] as const;
export type InsightRange = (typeof INSIGHT_RANGES)[number];
export type InsightBucket = "hour" | "day";

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** A longer window would make charts of unreadable bars; a year and a bit covers a year-on-year look. */
const MAX_SPAN_DAYS = 400;
const RANGE_DAYS: Record<Exclude<InsightRange, "24h">, number> = { "7d": 7, "30d": 30, "90d": 90 };
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const When = z
  .string()
  .max(40)
  .refine((value) => !Number.isNaN(Date.parse(value)), "expected a day (YYYY-MM-DD) or an ISO 8601 time")
  .meta({ description: "A day (YYYY-MM-DD, UTC; `to` includes it) or an ISO 8601 time" });

/** Query-string values as the API and the /insights page take them. */
export const InsightsQuery = z
  .object({
    workflowId: z.string().min(1).max(100).optional().meta({ description: "Only this workflow's runs" }),
    range: z
      .enum(INSIGHT_RANGES)
      .optional()
      .meta({ description: "A window ending now (default 7d); not with from/to" }),
    from: When.optional(),
    to: When.optional().meta({ description: "End of a from/to window (default: now)" }),
  })
  .superRefine((query, context) => {
    if (query.range && (query.from || query.to))
      context.addIssue({ code: "custom", path: ["range"], message: "give a range or from/to, not both" });
    else if (query.to && !query.from) context.addIssue({ code: "custom", path: ["from"], message: "required with to" });
    if (!query.from) return;
    const { from, to } = customWindow(query.from, query.to, new Date());
    if (!(from < to)) context.addIssue({ code: "custom", path: ["to"], message: "must be after from" });
    else if (to.getTime() - from.getTime() > MAX_SPAN_DAYS * DAY_MS)
      context.addIssue({ code: "custom", path: ["from"], message: `at most ${MAX_SPAN_DAYS} days before to` });
  });
export type InsightsQuery = z.infer<typeof InsightsQuery>;

export type InsightsWindow = {
  from: Date;
  to: Date;
  bucket: InsightBucket;
  /** The range asked for, or "custom" for from/to. */
  range: InsightRange | "custom";
};

const startOfHour = (at: Date) => new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS);
const startOfDay = (at: Date) => new Date(Math.floor(at.getTime() / DAY_MS) * DAY_MS);

function customWindow(from: string, to: string | undefined, now: Date) {
  const start = DAY.test(from) ? new Date(`${from}T00:00:00Z`) : new Date(from);
  // A day as `to` is included, as in the runs list: the window ends at the next midnight.
  const end = !to ? now : DAY.test(to) ? new Date(Date.parse(`${to}T00:00:00Z`) + DAY_MS) : new Date(to);
  return { from: start, to: end };
}

/** The window a (valid) query asks for, at `now`. */
export function insightsWindow(query: InsightsQuery, now = new Date()): InsightsWindow {
  if (query.from) {
    const { from, to } = customWindow(query.from, query.to, now);
    return { from, to, bucket: to.getTime() - from.getTime() <= DAY_MS ? "hour" : "day", range: "custom" };
  }
  const range = query.range ?? "7d";
  if (range === "24h")
    return { from: new Date(startOfHour(now).getTime() - 23 * HOUR_MS), to: now, bucket: "hour", range };
  return {
    from: new Date(startOfDay(now).getTime() - (RANGE_DAYS[range] - 1) * DAY_MS),
    to: now,
    bucket: "day",
    range,
  };
}

/** The start of every bucket of the window, oldest first (a chart shows empty ones too). */
export function bucketStarts(window: Pick<InsightsWindow, "from" | "to" | "bucket">): Date[] {
  const step = window.bucket === "hour" ? HOUR_MS : DAY_MS;
  const starts: Date[] = [];
  const first = window.bucket === "hour" ? startOfHour(window.from) : startOfDay(window.from);
  for (let at = first.getTime(); at < window.to.getTime(); at += step) starts.push(new Date(at));
  return starts;
}

/** The stretch of time a bucket covers within the window (the first and last may be cut short by it). */
export function bucketSpan(start: Date, window: Pick<InsightsWindow, "from" | "to" | "bucket">) {
  const end = start.getTime() + (window.bucket === "hour" ? HOUR_MS : DAY_MS);
  return {
    from: new Date(Math.max(start.getTime(), window.from.getTime())),
    to: new Date(Math.min(end, window.to.getTime())),
  };
}
