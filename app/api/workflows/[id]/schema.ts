/**
 * What GET/PUT/PATCH/DELETE /api/workflows/{id} and POST …/duplicate accept and answer, and their OpenAPI
 * operations (registered in app/api/operations.ts).
 */
import { z } from "zod";
import { WorkflowTags } from "@/app/folders/schema";
import { WorkflowName } from "@/app/workflows/schema";
import { WorkflowGraph } from "@/lib/workflow/graph";
import { apiError, jsonBody, jsonResponse, noContent, type ApiOperation } from "@/lib/http/openapi/operation";
import { notFound } from "@/lib/http/openapi/not-found";

export const WorkflowIdParams = z.object({ id: z.string().meta({ description: "The workflow's id" }) });

/** The draft's version, as GET answers it (and its ETag): PUT and PATCH save only over this version. */
const Version = z.iso.datetime({ error: "updatedAt: expected the ISO time GET answered" });

export const PutWorkflowBody = z.object({
  name: WorkflowName,
  /** Checked with parseGraph, whose messages name the node or edge and the field at fault. */
  graph: WorkflowGraph,
  updatedAt: Version.optional().meta({ description: "Save only if the draft is still this version (or If-Match)" }),
});

/**
 * Where a workflow is filed and its tags, which a PATCH may change beside its draft (POST /api/workflows takes them
 * too). Filing is not a change of the draft: it needs no If-Match and leaves the draft's version as it is.
 */
export const WorkflowPlacement = z.object({
  folderId: z
    .string({ error: "folderId: a folder's id, or null" })
    .trim()
    .min(1, "folderId: a folder's id, or null")
    .max(200, "folderId: too long")
    .nullable()
    .optional()
    .meta({ description: "Move it into this folder (one you may put workflows into); null: out of any folder" }),
  tags: WorkflowTags.optional().meta({ description: "Its tags (replaces them all)" }),
});

/** The graph's top-level parts a PATCH may replace; the others stay as stored. */
export const GRAPH_PARTS = ["nodes", "edges", "mcpServers", "notes", "groups", "settings"] as const;

export const PatchWorkflowBody = z
  .object({
    name: WorkflowName.optional(),
    ...WorkflowGraph.pick({
      nodes: true,
      edges: true,
      mcpServers: true,
      notes: true,
      groups: true,
      settings: true,
    }).partial().shape,
    updatedAt: Version.optional(),
    ...WorkflowPlacement.shape,
  })
  .strict();

export const DuplicateWorkflowBody = z.object({
  name: WorkflowName.optional().meta({ description: 'The copy\'s name; "<name> (copy)" when left out' }),
});

export const WorkflowDraft = z
  .object({
    id: z.string(),
    name: z.string(),
    updatedAt: z.iso.datetime().meta({ description: "The draft's version: send it back as If-Match" }),
    publishedVersion: z.number().int().nullable().meta({ description: "The live version; null: never published" }),
    ownerId: z.string().nullable().meta({ description: "Who made it; null once their account is gone" }),
    folderId: z.string().nullable().meta({ description: "The folder it is shared through; null: its owner's alone" }),
    tags: z.array(z.string()),
    graph: WorkflowGraph,
  })
  .meta({ id: "WorkflowDraft" });

export const SavedDraft = z.object({ id: z.string(), updatedAt: z.iso.datetime() });
const ConflictBody = z.object({
  error: z.string(),
  code: z.literal("conflict"),
  updatedAt: z.iso.datetime().meta({ description: "The draft's version now" }),
});

const IfMatch = z.object({
  "if-match": z.string().optional().meta({ description: "The updatedAt (ETag) the change is based on" }),
});

const saveResponses = {
  200: jsonResponse("Saved: the draft's new version", SavedDraft),
  400: apiError("A malformed body or graph; each error names the node or edge and the field"),
  404: notFound(),
  409: jsonResponse("Someone saved the draft after the version given", ConflictBody),
};

const tag = "Workflows";
export const operations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/workflows/{id}",
    tag,
    summary: "Read a workflow's draft",
    description: "Its name, graph, version (also the ETag) and which version is live.",
    access: "viewer",
    limited: "workflow",
    request: { params: WorkflowIdParams },
    responses: { 200: jsonResponse("The draft", WorkflowDraft), 404: notFound() },
  },
  {
    method: "put",
    path: "/api/workflows/{id}",
    tag,
    summary: "Replace a workflow's draft",
    description:
      "Saves name and graph as the editor's save does (the same checks; host-access nodes are an admin's). With " +
      "If-Match (or updatedAt) it saves only over that version. Nothing live changes until the draft is published.",
    access: "editor",
    limited: "workflow",
    request: { params: WorkflowIdParams, headers: IfMatch, body: jsonBody(PutWorkflowBody) },
    responses: { ...saveResponses, 403: apiError("A host-access node only an admin may add or change") },
  },
  {
    method: "patch",
    path: "/api/workflows/{id}",
    tag,
    summary: "Change part of a workflow's draft, or move it to a folder",
    description:
      "Renames it and/or replaces the parts of its graph given (nodes, edges, settings…); the rest stays. " +
      "Checked and saved like PUT. `folderId` moves it into a folder you may put workflows into (null: out of any) " +
      "and `tags` sets its tags; neither changes the draft's version.",
    access: "editor",
    limited: "workflow",
    request: { params: WorkflowIdParams, headers: IfMatch, body: jsonBody(PatchWorkflowBody) },
    responses: {
      ...saveResponses,
      403: apiError("A host-access node only an admin may add or change, or a folder you may not put workflows into"),
    },
  },
  {
    method: "delete",
    path: "/api/workflows/{id}",
    tag,
    summary: "Delete a workflow",
    description: "With its versions, runs, schedules and conversations.",
    access: "editor",
    limited: "workflow",
    request: { params: WorkflowIdParams },
    responses: { 204: noContent("Deleted"), 404: notFound() },
  },
  {
    method: "post",
    path: "/api/workflows/{id}/duplicate",
    tag,
    summary: "Copy a workflow",
    description: "Its draft becomes a new workflow's draft (nothing of the copy is live until it is published).",
    access: "editor",
    request: { params: WorkflowIdParams, body: jsonBody(DuplicateWorkflowBody, false) },
    responses: {
      201: jsonResponse("The copy", z.object({ id: z.string(), name: z.string() })),
      404: notFound(),
    },
  },
];
