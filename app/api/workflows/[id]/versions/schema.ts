/**
 * Publishing and the version history over the API: what POST …/publish accepts, what the history routes answer, and
 * their OpenAPI operations (registered in app/api/operations.ts).
 */
import { z } from "zod";
import { apiError, IsoTime, jsonBody, jsonResponse, type ApiOperation } from "@/lib/http/openapi/operation";
import { notFound } from "@/lib/http/openapi/not-found";
import { WorkflowGraph } from "@/lib/workflow/graph";
import { WorkflowIdParams } from "../schema";

export const PublishBody = z.object({
  note: z.string({ error: "note: must be a string" }).trim().max(500, "note: keep it under 500 characters").default(""),
});

const VersionParams = WorkflowIdParams.extend({
  number: z.string().meta({ description: "The version's number, from 1" }),
});

const VersionSummary = z.object({
  number: z.number().int(),
  name: z.string(),
  note: z.string(),
  authorName: z.string(),
  createdAt: IsoTime,
  live: z.boolean().meta({ description: "The version the workflow's triggers run" }),
});

const StoredVersion = VersionSummary.omit({ live: true }).extend({ workflowId: z.string(), graph: WorkflowGraph });

const History = z.object({
  live: z.number().int().nullable().meta({ description: "The live version's number; null: never published" }),
  versions: z.array(VersionSummary),
  draftSaves: z.array(z.object({ id: z.number(), name: z.string(), authorName: z.string(), savedAt: IsoTime })),
});

const tag = "Versions";
const noVersion = notFound("version");
export const operations: ApiOperation[] = [
  {
    method: "post",
    path: "/api/workflows/{id}/publish",
    tag,
    summary: "Publish the draft as the next version",
    description: "Its webhooks, schedules, MCP tool and Workflow Tools run it from now on. The draft must compile.",
    access: "editor",
    limited: "workflow",
    request: { params: WorkflowIdParams, body: jsonBody(PublishBody, false) },
    responses: { 201: jsonResponse("Published", z.object({ number: z.number().int() })), 404: notFound() },
  },
  {
    method: "get",
    path: "/api/workflows/{id}/versions",
    tag,
    summary: "Read a workflow's history",
    description: "Its published versions, newest first, and the draft's recent saves with who saved them.",
    access: "viewer",
    limited: "workflow",
    request: { params: WorkflowIdParams },
    responses: { 200: jsonResponse("The history", History), 404: notFound() },
  },
  {
    method: "get",
    path: "/api/workflows/{id}/versions/{number}",
    tag,
    summary: "Read one published version, with its graph",
    access: "viewer",
    limited: "workflow",
    request: { params: VersionParams },
    responses: { 200: jsonResponse("The version", StoredVersion), 404: noVersion },
  },
  {
    method: "post",
    path: "/api/workflows/{id}/versions/{number}/restore",
    tag,
    summary: "Restore a version as the draft",
    description: "Nothing live changes until the draft is published again.",
    access: "editor",
    limited: "workflow",
    request: { params: VersionParams },
    responses: {
      200: jsonResponse("Restored: the draft's new version", z.object({ updatedAt: IsoTime })),
      404: noVersion,
    },
  },
];
