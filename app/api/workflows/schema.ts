/**
 * What POST /api/workflows accepts: a workflow graph, optionally with a name, `publish: true` to publish it as
 * version 1 at once (a deployment that imports a workflow wants it live; otherwise nothing of it is live yet), and the
 * folder to make it in (one the caller may put workflows into) and its tags. With the list's OpenAPI operations.
 */
import { z } from "zod";
import { apiError, jsonBody, jsonResponse, type ApiOperation } from "@/lib/http/openapi/operation";
import { WorkflowGraph } from "@/lib/workflow/graph";
import { WorkflowPlacement } from "./[id]/schema";

export const CreateWorkflowBody = z.looseObject({
  name: z.string().trim().min(1).max(200).optional(),
  publish: z.boolean({ error: "publish: must be true or false" }).optional(),
  ...WorkflowPlacement.shape,
});
export type CreateWorkflowBody = z.infer<typeof CreateWorkflowBody>;

/** The body as a whole: the graph's fields at the top level beside `name` and `publish` (parseGraph checks them). */
const CreateWorkflowDocument = WorkflowGraph.extend(CreateWorkflowBody.shape);

export const WorkflowListItem = z.object({
  id: z.string(),
  name: z.string(),
  publishedVersion: z.number().int().nullable().meta({ description: "The live version; null: never published" }),
});

/** A workflow of the list: who owns it, the folder it is shared through (null: only its owner and admins) and tags. */
const WorkflowListEntry = WorkflowListItem.extend({
  ownerId: z.string().nullable(),
  folderId: z.string().nullable(),
  tags: z.array(z.string()),
});

const tag = "Workflows";
export const operations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/workflows",
    tag,
    summary: "List workflows",
    access: "viewer",
    limited: "filtered",
    responses: {
      200: jsonResponse(
        "Every workflow the caller may see: their own, those of folders they are a member of (admins: all)",
        z.array(WorkflowListEntry),
      ),
    },
  },
  {
    method: "post",
    path: "/api/workflows",
    tag,
    summary: "Create a workflow from a graph",
    description:
      "The graph must compile; host-access nodes are an admin's to add. `publish: true` publishes it as version 1 " +
      "at once, so its triggers are live.",
    access: "editor",
    request: { body: jsonBody(CreateWorkflowDocument) },
    responses: {
      201: jsonResponse("Created", WorkflowListItem.omit({ name: true })),
      403: apiError("A host-access node only an admin may add, or a folder you may not put workflows into"),
    },
  },
];
