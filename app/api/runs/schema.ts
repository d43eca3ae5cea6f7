/**
 * The run API's shapes and its OpenAPI operations: listing runs (GET /api/runs; GET /api/workflows/{id}/runs answers
 * the same page), one run, its events, cancelling it. Registered in app/api/operations.ts.
 */
import { z } from "zod";
import { apiError, IsoTime, jsonBody, jsonResponse, type ApiOperation } from "@/lib/http/openapi/operation";
import { RunListQuery } from "@/lib/runs/list-runs";
import { RUN_STATUSES } from "@/lib/runs/run-statuses";
import { RunTrigger } from "@/lib/runs/run-trigger";

export const RunIdParams = z.object({ id: z.string().meta({ description: "The run's id" }) });
export const RunStatus = z.enum(RUN_STATUSES);

export const RunSummary = z
  .object({
    id: z.string(),
    workflowId: z.string(),
    workflowName: z.string(),
    status: RunStatus,
    createdAt: IsoTime,
    startedAt: IsoTime.nullable(),
    finishedAt: IsoTime.nullable(),
    durationMs: z.number().nullable(),
    totalTokens: z.number(),
    error: z.string().nullable(),
    triggerKind: z.string().nullable(),
    inputPreview: z.string().nullable(),
    test: RunTrigger.shape.test.unwrap().nullable(),
    defaultInputPreview: z.string().nullable(),
    waitingFor: z.object({ kind: z.string(), nodeId: z.string(), until: IsoTime.nullable() }).nullable(),
  })
  .meta({ id: "RunSummary" });

export const RunPage = z
  .object({
    runs: z.array(RunSummary),
    nextCursor: z.string().nullable().meta({ description: "Pass as `cursor` for the next page; null at the end" }),
  })
  .meta({ id: "RunPage" });

/** A run's status and result, as GET /api/runs/{id} answers it. */
export const RunStatusBody = z
  .object({
    id: z.string(),
    workflowId: z.string(),
    status: RunStatus,
    input: z.unknown(),
    output: z.unknown(),
    error: z.string().nullable(),
    createdAt: IsoTime,
    startedAt: IsoTime.nullable(),
    finishedAt: IsoTime.nullable(),
  })
  .meta({ id: "RunStatus" });

export const CancelBody = z
  .object({
    graceSeconds: z
      .number()
      .min(0, "graceSeconds must not be negative")
      .max(60, "graceSeconds may be at most 60")
      .optional()
      .meta({ description: "Let tool calls already running finish first, for up to this long" }),
  })
  .strict();

/** The run list's query, without the workflow (the path names it) for GET /api/workflows/{id}/runs. */
export const WorkflowRunListQuery = RunListQuery.omit({ workflowId: true });
const runNotFound = apiError("No such run");

const tag = "Runs";
export const operations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/runs",
    tag,
    summary: "List runs across workflows",
    description: "Newest first, filtered and paged.",
    access: "viewer",
    limited: "filtered",
    request: { query: RunListQuery },
    responses: { 200: jsonResponse("A page of runs", RunPage) },
  },
  {
    method: "get",
    path: "/api/runs/{id}",
    tag,
    summary: "Read a run's status and result",
    access: "viewer",
    limited: "workflow",
    request: { params: RunIdParams },
    responses: { 200: jsonResponse("The run", RunStatusBody), 404: runNotFound },
  },
  {
    method: "get",
    path: "/api/runs/{id}/events",
    tag,
    summary: "Follow a run's events (Server-Sent Events)",
    description:
      "Replays the stored events, then streams new ones, each once and in order; `Last-Event-ID` (or `?after=`) " +
      "resumes after an event's seq.",
    access: "viewer",
    limited: "workflow",
    request: { params: RunIdParams },
    responses: {
      200: { description: "An event stream", content: { "text/event-stream": { schema: z.string() } } },
      404: runNotFound,
      429: apiError("Too many open run streams for this user"),
    },
  },
  {
    method: "post",
    path: "/api/runs/{id}/cancel",
    tag,
    summary: "Cancel a queued or running run",
    access: "editor",
    limited: "workflow",
    request: { params: RunIdParams, body: jsonBody(CancelBody, false) },
    responses: {
      202: jsonResponse("Cancelled, or being cancelled", z.object({ status: z.enum(["cancelled", "cancelling"]) })),
      404: runNotFound,
      409: apiError("The run has finished"),
    },
  },
];
