/** What GET /api/insights takes and answers (lib/insights/read-insights.ts), as an OpenAPI operation. */
import { z } from "zod";
import { IsoTime, jsonResponse, type ApiOperation } from "@/lib/http/openapi/operation";
import { INSIGHT_RANGES, InsightsQuery } from "@/lib/insights/insights-window";
import { RUN_STATUSES } from "@/lib/runs/run-statuses";

const Ms = z.number().nullable();
const Figures = {
  runs: z.number(),
  counts: z.object(Object.fromEntries(RUN_STATUSES.map((status) => [status, z.number()]))),
  finished: z.number().meta({ description: "Completed, failed or cancelled runs" }),
  failureRate: z.number().nullable().meta({ description: "failed / finished, 0–1; null when none finished" }),
  p50Ms: Ms.meta({ description: "Median duration of completed and failed runs" }),
  p95Ms: Ms,
  tokens: z.number(),
  costUsd: z.number(),
};
const Tool = z.object({
  toolName: z.string(),
  calls: z.number(),
  failedCalls: z.number(),
  runs: z.number(),
  failedRuns: z.number(),
  p50Ms: Ms,
  p95Ms: Ms,
  maxMs: Ms,
});

export const InsightsBody = z
  .object({
    window: z.object({
      from: IsoTime,
      to: IsoTime,
      bucket: z.enum(["hour", "day"]),
      range: z.enum([...INSIGHT_RANGES, "custom"]),
    }),
    workflowId: z.string().nullable(),
    totals: z.object(Figures),
    buckets: z.array(z.object({ start: IsoTime, from: IsoTime, to: IsoTime, ...Figures })),
    workflows: z.array(z.object({ id: z.string(), name: z.string(), tokens: z.number(), costUsd: z.number() })),
    spend: z.array(z.object({ start: IsoTime, workflowId: z.string(), tokens: z.number(), costUsd: z.number() })),
    failingNodes: z.array(
      z.object({
        workflowId: z.string(),
        workflowName: z.string(),
        nodeId: z.string(),
        label: z.string().nullable(),
        runs: z.number(),
        failures: z.number(),
      }),
    ),
    failingTools: z.array(Tool),
    slowestTools: z.array(Tool),
  })
  .meta({ id: "Insights" });

export const operations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/insights",
    tag: "Runs",
    summary: "Figures across production runs",
    description:
      "Runs per hour or day by status, failure rate, p50/p95 duration, tokens and cost per workflow, the nodes and " +
      "tools that fail most and the slowest tools, over a window (default: the last 7 days). Test runs from the " +
      "editor and evaluation runs are left out; GET /api/runs?tests=hide lists the runs behind the figures.",
    access: "viewer",
    limited: "filtered",
    request: { query: InsightsQuery },
    responses: { 200: jsonResponse("The figures", InsightsBody) },
  },
];
