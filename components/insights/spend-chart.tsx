"use client";
/**
 * Tokens or cost per bucket, stacked by workflow: the costliest workflows each in a colour, the rest as "Other".
 */
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { Insights } from "@/lib/insights/read-insights";
import { formatUsd } from "@/lib/settings/format-usd";
import { AXIS, bucketLabel, GRID_COLOR, OTHER_COLOR, SERIES_COLORS } from "./chart-theme";
import { formatCount } from "./runs-href";

type SpendChartProps = { insights: Insights; metric: "tokens" | "costUsd" };

function seriesOf(insights: Insights, metric: SpendChartProps["metric"]) {
  const ranked = insights.workflows.filter((workflow) => workflow[metric] > 0);
  const named = ranked.slice(0, SERIES_COLORS.length - (ranked.length > SERIES_COLORS.length ? 1 : 0));
  const key = (workflowId: string) => (named.some((workflow) => workflow.id === workflowId) ? workflowId : "other");
  const data = insights.buckets.map((row) => {
    const point: Record<string, number | string> = { label: bucketLabel(row.start, insights.window.bucket) };
    for (const spend of insights.spend.filter((entry) => entry.start === row.start))
      point[key(spend.workflowId)] = Number(point[key(spend.workflowId)] ?? 0) + spend[metric];
    return point;
  });
  const series = named.map((workflow, index) => ({
    key: workflow.id,
    name: workflow.name,
    color: SERIES_COLORS[index],
  }));
  if (ranked.length > named.length) series.push({ key: "other", name: "Other", color: OTHER_COLOR });
  return { data, series };
}

export function SpendChart({ insights, metric }: SpendChartProps) {
  const { data, series } = seriesOf(insights, metric);
  const format = (value: number) => (metric === "costUsd" ? formatUsd(value) : formatCount(value));
  return (
    <ResponsiveContainer width="100%" height={220}>
      <BarChart data={data} margin={{ top: 12, right: 8, bottom: 0, left: 4 }}>
        <CartesianGrid vertical={false} stroke={GRID_COLOR} />
        <XAxis dataKey="label" {...AXIS} />
        <YAxis tickFormatter={format} {...AXIS} width={56} />
        <Tooltip formatter={(value) => format(Number(value))} />
        <Legend iconType="circle" iconSize={8} wrapperStyle={{ fontSize: 12 }} />
        {series.map((entry) => (
          <Bar
            key={entry.key}
            dataKey={entry.key}
            name={entry.name}
            stackId="spend"
            fill={entry.color}
            isAnimationActive={false}
            maxBarSize={36}
          />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}
