"use client";
/** p50 and p95 duration of completed and failed runs per bucket, as two lines. */
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { InsightsBucket } from "@/lib/insights/read-insights";
import { formatDuration } from "@/components/run-view/format-duration";
import { AXIS, bucketLabel, GRID_COLOR } from "./chart-theme";

export function DurationChart({ buckets, bucket }: { buckets: InsightsBucket[]; bucket: "hour" | "day" }) {
  const data = buckets.map((row) => ({ label: bucketLabel(row.start, bucket), p50: row.p50Ms, p95: row.p95Ms }));
  return (
    <ResponsiveContainer width="100%" height={220}>
      <LineChart data={data} margin={{ top: 12, right: 8, bottom: 0, left: 4 }}>
        <CartesianGrid vertical={false} stroke={GRID_COLOR} />
        <XAxis dataKey="label" {...AXIS} />
        <YAxis tickFormatter={(ms: number) => formatDuration(ms)} {...AXIS} width={56} />
        <Tooltip formatter={(value) => formatDuration(Number(value))} />
        <Legend iconType="circle" iconSize={8} wrapperStyle={{ fontSize: 12 }} />
        <Line dataKey="p50" name="p50" stroke="#4f46e5" dot={{ r: 2 }} connectNulls isAnimationActive={false} />
        <Line dataKey="p95" name="p95" stroke="#d97706" dot={{ r: 2 }} connectNulls isAnimationActive={false} />
      </LineChart>
    </ResponsiveContainer>
  );
}
