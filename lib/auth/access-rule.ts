/**
 * Who may see or change one workflow, as a pure rule (lib/auth/workflow-access.ts reads the facts from the database).
 * Admins reach every workflow; the owner reaches their own; a folder's members reach its workflows with the lesser of
 * their folder role and their own role (an instance viewer never changes anything). Anyone else: none, which routes
 * answer as 404 so a workflow's existence does not leak. An API key narrows its owner's reach (workflow-scope.ts).
 */
import { hasRole, type Role } from "./roles";
import { keyReachesWorkflow, type WorkflowScope } from "./workflow-scope";

export type WorkflowAccess = "none" | "view" | "edit";
export type FolderRole = "viewer" | "editor";
export const FOLDER_ROLES = ["viewer", "editor"] as const satisfies readonly FolderRole[];

export type AccessCaller = WorkflowScope & { userId: string; role: Role };

/** What the database knows of one workflow for one person: its owner, its folder and their role in that folder. */
export type WorkflowFacts = {
  id: string;
  ownerId: string | null;
  folderId: string | null;
  memberRole: FolderRole | null;
};

/** What the person may do with the workflow, before any key limit. */
export function personAccess(caller: AccessCaller, facts: WorkflowFacts): WorkflowAccess {
  const most: WorkflowAccess = hasRole(caller.role, "editor") ? "edit" : "view";
  if (caller.role === "admin" || (facts.ownerId !== null && facts.ownerId === caller.userId)) return most;
  if (facts.memberRole === "editor") return most;
  if (facts.memberRole === "viewer") return "view";
  return "none";
}

/** Whether `access` is enough for `needed`. */
export function allows(access: WorkflowAccess, needed: Exclude<WorkflowAccess, "none">): boolean {
  return access === "edit" || (access === "view" && needed === "view");
}

/** The person's access, then the key's limit: a key never reaches more than its owner. */
export function callerAccess(
  caller: AccessCaller,
  facts: WorkflowFacts,
): { access: WorkflowAccess; withinKeyLimit: boolean } {
  return { access: personAccess(caller, facts), withinKeyLimit: keyReachesWorkflow(caller, facts.id, facts.folderId) };
}
