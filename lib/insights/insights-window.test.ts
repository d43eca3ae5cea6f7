/** The window an Insights query asks for, its buckets, and the query's refusals naming the field. */
import { describe, expect, it } from "vitest";
import { bucketSpan, bucketStarts, insightsWindow, InsightsQuery } from "./insights-window";

const now = new Date("2026-11-26T15:42:10.000Z");
const windowOf = (query: Record<string, string>) => insightsWindow(InsightsQuery.parse(query), now);

describe("insightsWindow", () => {
  it("ends a range now: 24 hours by hour from the hour 23 hours ago, days from midnight UTC", () => {
    expect(windowOf({ range: "24h" })).toEqual({
      from: new Date("2026-11-25T16:00:00.000Z"),
      to: now,
      bucket: "hour",
      range: "24h",
    });
    expect(windowOf({})).toEqual({ from: new Date("2026-11-20T00:00:00.000Z"), to: now, bucket: "day", range: "7d" });
    expect(bucketStarts(windowOf({ range: "24h" }))).toHaveLength(24);
    expect(bucketStarts(windowOf({ range: "30d" }))).toHaveLength(30);
  });

  it("includes a `to` day, and cuts a single day by hour", () => {
    const days = windowOf({ from: "2026-11-01", to: "2026-11-03" });
    expect(days).toMatchObject({ from: new Date("2026-11-01T00:00:00Z"), to: new Date("2026-11-04T00:00:00Z") });
    expect(days.bucket).toBe("day");
    expect(windowOf({ from: "2026-11-01", to: "2026-11-01" }).bucket).toBe("hour");
  });

  it("cuts the first and last buckets at the window's edges", () => {
    const window = windowOf({ from: "2026-11-01T10:30:00Z", to: "2026-11-05T06:00:00Z" });
    const starts = bucketStarts(window);
    expect(starts.map((start) => start.toISOString().slice(0, 10))).toEqual([
      "2026-11-01",
      "2026-11-02",
      "2026-11-03",
      "2026-11-04",
      "2026-11-05",
    ]);
    expect(bucketSpan(starts[0], window).from.toISOString()).toBe("2026-11-01T10:30:00.000Z");
    expect(bucketSpan(starts[4], window).to.toISOString()).toBe("2026-11-05T06:00:00.000Z");
  });
});

describe("InsightsQuery", () => {
  const problem = (query: Record<string, string>) => {
    const parsed = InsightsQuery.safeParse(query);
    return parsed.success ? null : `${parsed.error.issues[0].path.join(".")}: ${parsed.error.issues[0].message}`;
  };

  it("names the field at fault", () => {
    expect(problem({ from: "soon" })).toBe("from: expected a day (YYYY-MM-DD) or an ISO 8601 time");
    expect(problem({ from: "2026-11-02", to: "2026-11-01" })).toBe("to: must be after from");
    expect(problem({ to: "2026-11-01" })).toBe("from: required with to");
    expect(problem({ range: "24h", from: "2026-11-01" })).toBe("range: give a range or from/to, not both");
    expect(problem({ workflowId: "" })).toMatch(/^workflowId: /);
    expect(problem({ range: "30d", workflowId: "w1" })).toBeNull();
  });
});
