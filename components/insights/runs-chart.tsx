"use client";
/**
 * Runs per bucket, stacked by status, with each bucket's total on top and its failure rate as a line on the right
 * axis. A bar opens the runs behind it (that bucket, that status).
 */
import { useRouter } from "next/navigation";
import {
  Bar,
  CartesianGrid,
  ComposedChart,
  LabelList,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import type { InsightsBucket } from "@/lib/insights/read-insights";
import { AXIS, bucketLabel, GRID_COLOR, STACK_ORDER, STATUS_COLORS } from "./chart-theme";
import { formatPercent, runsHref } from "./runs-href";

type RunsChartProps = { buckets: InsightsBucket[]; bucket: "hour" | "day"; workflowId: string | null };

export function RunsChart({ buckets, bucket, workflowId }: RunsChartProps) {
  const router = useRouter();
  const data = buckets.map((row) => ({
    ...row.counts,
    label: bucketLabel(row.start, bucket),
    runs: row.runs,
    // The bar's total goes on its topmost segment: a status with none draws no segment to carry it.
    top: STACK_ORDER.findLast((status) => row.counts[status] > 0),
    failurePercent: row.failureRate === null ? null : Math.round(row.failureRate * 1000) / 10,
    from: row.from,
    to: row.to,
  }));
  const open = (status: string) => (entry: { payload?: { from: string; to: string } }) => {
    if (entry.payload) router.push(runsHref({ from: entry.payload.from, to: entry.payload.to, workflowId, status }));
  };
  const shown = STACK_ORDER.filter((status) => buckets.some((row) => row.counts[status] > 0));
  return (
    <ResponsiveContainer width="100%" height={260}>
      <ComposedChart data={data} margin={{ top: 18, right: 8, bottom: 0, left: -16 }}>
        <CartesianGrid vertical={false} stroke={GRID_COLOR} />
        <XAxis dataKey="label" {...AXIS} />
        <YAxis yAxisId="runs" allowDecimals={false} {...AXIS} />
        <YAxis yAxisId="rate" orientation="right" domain={[0, 100]} unit="%" {...AXIS} width={44} />
        <Tooltip formatter={(value, name) => (name === "failure rate" ? formatPercent(Number(value) / 100) : value)} />
        <Legend iconType="circle" iconSize={8} wrapperStyle={{ fontSize: 12 }} />
        {shown.map((status) => (
          <Bar
            key={status}
            yAxisId="runs"
            dataKey={status}
            name={status}
            stackId="runs"
            fill={STATUS_COLORS[status]}
            cursor="pointer"
            onClick={open(status)}
            isAnimationActive={false}
            maxBarSize={36}
          >
            <LabelList
              dataKey={(entry: { top?: string; runs: number }) => (entry.top === status ? entry.runs : null)}
              position="top"
              fontSize={11}
              fill="#52525b"
              formatter={(value) => (value === null || value === undefined ? "" : String(value))}
            />
          </Bar>
        ))}
        <Line
          yAxisId="rate"
          dataKey="failurePercent"
          name="failure rate"
          stroke={STATUS_COLORS.failed}
          strokeDasharray="4 3"
          dot={{ r: 2 }}
          connectNulls
          isAnimationActive={false}
        />
      </ComposedChart>
    </ResponsiveContainer>
  );
}
