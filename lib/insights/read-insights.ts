/**
 * Insights across production runs (lib/insights/insights-sql.ts computes them): headline figures, runs per bucket by
 * status with their failure rate and p50/p95 duration, tokens and cost per workflow over time, the nodes and tools
 * that fail most and the slowest tools. Read by GET /api/insights and the /insights page alike.
 */
import { RUN_STATUSES, type RunStatusName } from "../runs/run-statuses";
import { bucketSpan, bucketStarts, insightsWindow, type InsightsQuery, type InsightsWindow } from "./insights-window";
import { queryInsightRows, type FiguresRow, type NodeRow, type SpendRow, type ToolRow } from "./insights-sql";

export type InsightFigures = {
  runs: number;
  counts: Record<RunStatusName, number>;
  /** Completed, failed or cancelled: the runs a failure rate is out of. */
  finished: number;
  /** failed / finished, 0–1; null when nothing finished. */
  failureRate: number | null;
  /** Percentiles of completed and failed runs' durations (start to end). */
  p50Ms: number | null;
  p95Ms: number | null;
  tokens: number;
  costUsd: number;
};
export type InsightsBucket = InsightFigures & { start: string; from: string; to: string };
export type ToolInsight = ToolRow;
export type Insights = {
  window: { from: string; to: string; bucket: InsightsWindow["bucket"]; range: InsightsWindow["range"] };
  workflowId: string | null;
  totals: InsightFigures;
  buckets: InsightsBucket[];
  /** The workflows that ran in the window, most costly first (then most tokens). */
  workflows: { id: string; name: string; tokens: number; costUsd: number }[];
  /** Tokens and cost per bucket and workflow (buckets where a workflow ran). */
  spend: SpendRow[];
  /** The nodes that failed (or handed an error on) in the most runs. */
  failingNodes: NodeRow[];
  /** Tools whose calls failed (error or blocked), most failed calls first. */
  failingTools: ToolInsight[];
  /** Tools by their calls' p95 duration, slowest first. */
  slowestTools: ToolInsight[];
};

const TOP = 8;

/** Durations are shown to the millisecond; percentile_cont's interpolation leaves float noise (1699.9999…). */
const wholeMs = (ms: number | null | undefined) => (ms === null || ms === undefined ? null : Math.round(ms));

function figuresOf(row: FiguresRow | undefined): InsightFigures {
  const counts = Object.fromEntries(RUN_STATUSES.map((status) => [status, row?.[status] ?? 0])) as Record<
    RunStatusName,
    number
  >;
  const finished = counts.completed + counts.failed + counts.cancelled;
  return {
    runs: row?.runs ?? 0,
    counts,
    finished,
    failureRate: finished > 0 ? counts.failed / finished : null,
    p50Ms: wholeMs(row?.p50Ms),
    p95Ms: wholeMs(row?.p95Ms),
    tokens: Number(row?.tokens ?? 0),
    costUsd: row?.costUsd ?? 0,
  };
}

function workflowTotals(spend: SpendRow[], names: { id: string; name: string }[]): Insights["workflows"] {
  return names
    .map(({ id, name }) => {
      const rows = spend.filter((row) => row.workflowId === id);
      const sum = (pick: (row: SpendRow) => number) => rows.reduce((total, row) => total + pick(row), 0);
      return { id, name, tokens: sum((row) => Number(row.tokens)), costUsd: sum((row) => row.costUsd) };
    })
    .sort((a, b) => b.costUsd - a.costUsd || b.tokens - a.tokens || a.name.localeCompare(b.name));
}

/** `workflowIds` (null: all) narrows everything to those workflows, for a key limited to some. */
export async function readInsights(
  query: InsightsQuery,
  workflowIds: readonly string[] | null = null,
  now = new Date(),
): Promise<Insights> {
  const window = insightsWindow(query, now);
  const workflowId = query.workflowId ?? null;
  const rows = await queryInsightRows({ ...window, workflowId, workflowIds });
  const figures = new Map((rows.figures ?? []).map((row) => [row.start, row]));
  const spend = (rows.spend ?? []).map((row) => ({ ...row, tokens: Number(row.tokens) }));
  const tools = (rows.tools ?? []).map((tool) => ({
    ...tool,
    p50Ms: wholeMs(tool.p50Ms),
    p95Ms: wholeMs(tool.p95Ms),
  }));
  return {
    window: {
      from: window.from.toISOString(),
      to: window.to.toISOString(),
      bucket: window.bucket,
      range: window.range,
    },
    workflowId,
    totals: figuresOf(figures.get(null)),
    buckets: bucketStarts(window).map((start) => {
      const span = bucketSpan(start, window);
      const key = start.toISOString().replace(/\.\d{3}Z$/, "Z");
      return { start: key, from: span.from.toISOString(), to: span.to.toISOString(), ...figuresOf(figures.get(key)) };
    }),
    workflows: workflowTotals(spend, rows.workflows ?? []),
    spend,
    failingNodes: (rows.nodes ?? []).map((row) => ({ ...row, runs: Number(row.runs), failures: Number(row.failures) })),
    failingTools: tools
      .filter((tool) => tool.failedCalls > 0)
      .sort((a, b) => b.failedCalls - a.failedCalls || a.toolName.localeCompare(b.toolName))
      .slice(0, TOP),
    slowestTools: tools
      .filter((tool) => tool.p95Ms !== null)
      .sort((a, b) => (b.p95Ms ?? 0) - (a.p95Ms ?? 0) || a.toolName.localeCompare(b.toolName))
      .slice(0, TOP),
  };
}
