/**
 * The one access check for workflows (and what hangs off them: runs, conversations, datasets, MCP tools): the facts
 * from the database, judged by access-rule.ts. Routes (apiRoute's `workflow` option), pages, server actions, the MCP
 * server and the lists all ask here. "None" is answered as "does not exist", so a workflow's existence does not leak.
 */
import "server-only";
import { getDb, type Prisma } from "../db/client";
import { sql } from "../db/sql";
import { allows, callerAccess, type AccessCaller, type FolderRole, type WorkflowAccess } from "./access-rule";
import { outsideScopeMessage } from "./workflow-scope";

export type AccessCheck =
  | { ok: true; access: WorkflowAccess }
  | { ok: false; reason: "not-found" | "forbidden" | "outside-limit"; message: string };

const unlimitedAdmin = (caller: AccessCaller) =>
  caller.role === "admin" && caller.workflowIds === null && (caller.folderIds ?? null) === null;

/** The caller's access to one workflow; null when no workflow has this id. */
export async function workflowAccess(
  caller: AccessCaller,
  workflowId: string,
): Promise<{ access: WorkflowAccess; withinKeyLimit: boolean } | null> {
  const [row] = await sql<{ ownerId: string | null; folderId: string | null; memberRole: FolderRole | null }>`
    SELECT w."ownerId", w."folderId", m.role::text AS "memberRole" FROM "Workflow" w
    LEFT JOIN "FolderMember" m ON m."folderId" = w."folderId" AND m."userId" = ${caller.userId}
    WHERE w.id = ${workflowId}`;
  return row ? callerAccess(caller, { id: workflowId, ...row }) : null;
}

/**
 * Whether the caller may `needed` the workflow: a workflow they cannot see is "not-found" with `missing` (the very
 * words a missing one gets); one they may only read is "forbidden", one outside their key's limit "outside-limit".
 */
export async function checkWorkflowAccess(
  caller: AccessCaller,
  workflowId: string,
  needed: "view" | "edit",
  missing = `Workflow ${workflowId} does not exist`,
): Promise<AccessCheck> {
  if (unlimitedAdmin(caller)) return { ok: true, access: "edit" };
  // A key limited to other workflows learns nothing of this one, not even whether it exists.
  if (caller.workflowIds !== null && !caller.workflowIds.includes(workflowId))
    return { ok: false, reason: "outside-limit", message: outsideScopeMessage({ id: workflowId }) };
  const found = await workflowAccess(caller, workflowId);
  if (!found || found.access === "none") return { ok: false, reason: "not-found", message: missing };
  if (!found.withinKeyLimit)
    return { ok: false, reason: "outside-limit", message: outsideScopeMessage({ id: workflowId }) };
  if (!allows(found.access, needed))
    return {
      ok: false,
      reason: "forbidden",
      message: `You may read workflow ${workflowId} but not change or run it: its folder gives you the viewer role`,
    };
  return { ok: true, access: found.access };
}

/** The workflows a caller may see, as a Prisma filter (`{}` for an admin without a key limit). */
export function visibleWorkflowsWhere(caller: AccessCaller): Prisma.WorkflowWhereInput {
  const person: Prisma.WorkflowWhereInput =
    caller.role === "admin"
      ? {}
      : { OR: [{ ownerId: caller.userId }, { folder: { members: { some: { userId: caller.userId } } } }] };
  const folders = caller.folderIds ?? null;
  return {
    AND: [
      person,
      caller.workflowIds === null ? {} : { id: { in: [...caller.workflowIds] } },
      folders === null ? {} : { folderId: { in: [...folders] } },
    ],
  };
}

/** The ids of the workflows a caller may see; null when that is every workflow (an admin without a key limit). */
export async function visibleWorkflowIds(caller: AccessCaller): Promise<string[] | null> {
  if (unlimitedAdmin(caller)) return null;
  const rows = await getDb().workflow.findMany({ where: visibleWorkflowsWhere(caller), select: { id: true } });
  return rows.map((row) => row.id);
}

/** The items the caller may see, in their order. */
export async function withinReach<T>(caller: AccessCaller, items: readonly T[], workflowIdOf: (item: T) => string) {
  const visible = await visibleWorkflowIds(caller);
  if (visible === null) return [...items];
  const ids = new Set(visible);
  return items.filter((item) => ids.has(workflowIdOf(item)));
}
