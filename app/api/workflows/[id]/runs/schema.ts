/** What POST /api/workflows/{id}/runs accepts, and the OpenAPI operations of starting and listing a workflow's runs. */
import { z } from "zod";
import { apiError, jsonBody, jsonResponse, type ApiOperation } from "@/lib/http/openapi/operation";
import { notFound } from "@/lib/http/openapi/not-found";
import { RunPage, WorkflowRunListQuery } from "../../../runs/schema";
import { WorkflowIdParams } from "../schema";

export const StartRunBody = z.object({
  input: z.unknown().optional().meta({ description: "The run's input, checked against the Entry's fields" }),
  version: z
    .enum(["published", "draft"])
    .default("published")
    .meta({ description: "Which of the workflow's graphs runs: its published version (as live triggers do) or draft" }),
});

const tag = "Runs";
export const operations: ApiOperation[] = [
  {
    method: "post",
    path: "/api/workflows/{id}/runs",
    tag,
    summary: "Start a run",
    description: "Runs the published version (or the draft when asked); follow it at /api/runs/{runId}/events.",
    access: "editor",
    limited: "workflow",
    request: { params: WorkflowIdParams, body: jsonBody(StartRunBody, false) },
    responses: {
      201: jsonResponse("Started", z.object({ runId: z.string() })),
      404: notFound(),
      409: apiError("The workflow has never been published"),
    },
  },
  {
    method: "get",
    path: "/api/workflows/{id}/runs",
    tag,
    summary: "List a workflow's runs",
    access: "viewer",
    limited: "workflow",
    request: { params: WorkflowIdParams, query: WorkflowRunListQuery },
    responses: { 200: jsonResponse("A page of runs", RunPage), 404: notFound() },
  },
];
