/**
 * One workflow's draft: GET reads it (viewer); PUT replaces its name and graph, PATCH changes some of them (editor;
 * saved as the editor's save does, lib/workflow-store/save-draft.ts, and only over the version in If-Match or
 * `updatedAt`, else 409), and PATCH also files it into a folder and sets its tags (lib/workflow-store/folders.ts, as
 * the list's "Folder and tags" does); DELETE removes the workflow (editor). Described in ./schema.ts.
 */
import type { z } from "zod";
import { ApiError } from "@/lib/http/api-error";
import { apiRoute } from "@/lib/http/api-route";
import { workflowOfPath } from "@/lib/http/workflow-of";
import { issueText } from "@/lib/validation/describe-issues";
import { describeGraphIssues, type WorkflowGraph } from "@/lib/workflow/graph";
import { saveDraft, type DraftSaveResult } from "@/lib/workflow-store/save-draft";
import { deleteWorkflow, getWorkflow } from "@/lib/workflow-store/repository";
import { fileWorkflow, fileableFolder } from "@/lib/workflow-store/folders";
import type { Principal } from "@/lib/auth/principal";
import { GRAPH_PARTS, PatchWorkflowBody, PutWorkflowBody } from "./schema";

export const dynamic = "force-dynamic";

type Params = { id: string };

const versionHeaders = (updatedAt: Date) => ({ ETag: `"${updatedAt.toISOString()}"`, "Cache-Control": "no-store" });

export const GET = apiRoute<Params>({ role: "viewer", workflow: workflowOfPath }, async (_call, { id }) => {
  const workflow = await getWorkflow(id);
  if (!workflow) throw new ApiError("not-found", `Workflow ${id} does not exist`);
  const { name, updatedAt, publishedVersion, ownerId, folderId, tags, graph } = workflow;
  return Response.json(
    { id, name, updatedAt: updatedAt.toISOString(), publishedVersion, ownerId, folderId, tags, graph },
    { headers: versionHeaders(updatedAt) },
  );
});

/** The version a change is based on: If-Match (an ETag GET gave, or `*` for any) or the body's `updatedAt`. */
function expectedVersion(request: Request, updatedAt: string | undefined): Date | null {
  const header = request.headers.get("if-match")?.trim();
  if (header === undefined || header === "*") return updatedAt ? new Date(updatedAt) : null;
  const version = new Date(header.replace(/^W\//, "").replace(/^"|"$/g, ""));
  if (Number.isNaN(version.getTime()))
    throw new ApiError("bad-request", 'If-Match: expected the ETag GET answered (a quoted ISO time) or "*"');
  return version;
}

/** A body's first problem, naming the node or edge (and field) when it is in the graph. */
function bodyProblem(issue: z.core.$ZodIssue, graph: unknown, graphAt: number): string {
  const inGraph = graphAt === 0 ? GRAPH_PARTS.includes(issue.path[0] as never) : issue.path[0] === "graph";
  if (!inGraph || issue.code === "unrecognized_keys") return issueText(issue, "body");
  return describeGraphIssues(graph, [{ ...issue, path: issue.path.slice(graphAt) }])[0];
}

function answerSave(id: string, saved: DraftSaveResult): Response {
  if (saved.status === "missing") throw new ApiError("not-found", `Workflow ${id} does not exist`);
  if (saved.status === "forbidden") throw new ApiError("forbidden", saved.errors[0]);
  if (saved.status === "invalid")
    throw new ApiError(
      "invalid-graph",
      saved.errors[0],
      saved.errors.map((message) => ({ message })),
    );
  if (saved.status === "conflict")
    return Response.json(
      {
        error: "Someone saved this workflow after the version given (If-Match / updatedAt): read it again",
        code: "conflict",
        updatedAt: saved.version.toISOString(),
      },
      { status: 409 },
    );
  return Response.json({ id, updatedAt: saved.version.toISOString() }, { headers: versionHeaders(saved.version) });
}

export const PUT = apiRoute<Params>(
  { role: "editor", body: "workflow", workflow: workflowOfPath },
  async ({ request, json, principal }, { id }) => {
    const raw = (await json()) as { graph?: unknown };
    const body = PutWorkflowBody.safeParse(raw);
    if (!body.success) throw new ApiError("bad-request", bodyProblem(body.error.issues[0], raw.graph, 1));
    const { name, graph, updatedAt } = body.data;
    const expected = expectedVersion(request, updatedAt);
    return answerSave(id, await saveDraft(id, { name, graph }, expected, principal));
  },
);

export const PATCH = apiRoute<Params>(
  { role: "editor", body: "workflow", workflow: workflowOfPath },
  async ({ request, json, principal }, { id }) => {
    const raw = await json();
    const body = PatchWorkflowBody.safeParse(raw);
    if (!body.success) throw new ApiError("bad-request", bodyProblem(body.error.issues[0], raw, 0));
    const { name, updatedAt, folderId, tags, ...parts } = body.data;
    const place = { folderId, tags };
    // A folder the caller may not file into is refused before anything is saved.
    const refused = folderId ? await fileableFolder(principal, folderId) : null;
    if (refused) throw new ApiError("forbidden", refused);
    if (name === undefined && Object.keys(parts).length === 0) return fileOnly(principal, id, place);
    const graph = (stored: { graph: WorkflowGraph }) => ({ ...stored.graph, ...parts });
    const saved = await saveDraft(id, { name, graph }, expectedVersion(request, updatedAt), principal);
    if (saved.status === "saved" && (folderId !== undefined || tags !== undefined)) await filed(principal, id, place);
    return answerSave(id, saved);
  },
);

type Place = { folderId?: string | null; tags?: string[] };

async function filed(principal: Principal, id: string, place: Place): Promise<void> {
  const result = await fileWorkflow(principal, id, place);
  if (!result.ok) throw new ApiError(result.reason === "not-found" ? "not-found" : "forbidden", result.error);
}

/** A PATCH that only files the workflow or tags it: the draft and its version stay as they are. */
async function fileOnly(principal: Principal, id: string, place: Place): Promise<Response> {
  await filed(principal, id, place);
  const workflow = await getWorkflow(id);
  if (!workflow) throw new ApiError("not-found", `Workflow ${id} does not exist`);
  return Response.json(
    { id, updatedAt: workflow.updatedAt.toISOString() },
    { headers: versionHeaders(workflow.updatedAt) },
  );
}

export const DELETE = apiRoute<Params>({ role: "editor", workflow: workflowOfPath }, async (_call, { id }) => {
  if (!(await deleteWorkflow(id))) throw new ApiError("not-found", `Workflow ${id} does not exist`);
  return new Response(null, { status: 204 });
});
