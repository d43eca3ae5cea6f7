/**
 * Who may see or change one workflow, and who may do what with a folder, as a pure rule (lib/auth/workflow-access.ts
 * and lib/workflow-store/folders.ts read the facts from the database).
 * Workflows: admins reach every one; the owner reaches their own; a folder's members reach its workflows with the
 * lesser of their folder role and their own role (an instance viewer never changes anything). Anyone else: none, which
 * routes answer as 404 so a workflow's existence does not leak. A key narrows its owner's reach (workflow-scope.ts).
 * Folders (n8n's project roles): any editor may make one and becomes its first manager; a folder's managers (and every
 * admin) rename it, choose its members and their roles, and delete it once empty; its editors (and managers) file
 * workflows into it and create workflows there; its viewers see it and its members.
 */
import { hasRole, type Role } from "./roles";
import { isLimited, keyReachesFolder, keyReachesWorkflow, type WorkflowScope } from "./workflow-scope";

export type WorkflowAccess = "none" | "view" | "edit";
export type FolderRole = "viewer" | "editor" | "manager";
export const FOLDER_ROLES = ["viewer", "editor", "manager"] as const satisfies readonly FolderRole[];

/** What someone may do with a folder itself: see it and its members, file workflows into it, or also manage it. */
export type FolderAccess = "none" | "view" | "file" | "manage";
const FOLDER_ACCESS_RANK: Record<FolderAccess, number> = { none: 0, view: 1, file: 2, manage: 3 };

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
  if (facts.memberRole === "editor" || facts.memberRole === "manager") return most;
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

/** What the caller may do with a folder in which they have `memberRole` (null: not a member). */
export function folderAccess(caller: AccessCaller, folderId: string, memberRole: FolderRole | null): FolderAccess {
  if (!keyReachesFolder(caller, folderId)) return "none";
  if (caller.role === "admin") return "manage";
  if (memberRole === null) return "none";
  // The lesser of the folder role and their own: an instance viewer only ever sees.
  if (!hasRole(caller.role, "editor")) return "view";
  return memberRole === "manager" ? "manage" : memberRole === "editor" ? "file" : "view";
}

/** Whether `access` is enough for `needed`. */
export function folderAllows(access: FolderAccess, needed: Exclude<FolderAccess, "none">): boolean {
  return FOLDER_ACCESS_RANK[access] >= FOLDER_ACCESS_RANK[needed];
}

/** Editors and admins make folders; a key limited to some workflows or a folder does not. */
export function mayCreateFolder(caller: AccessCaller): boolean {
  return hasRole(caller.role, "editor") && !isLimited(caller);
}

/**
 * Whether a change of `userId`'s role (null: out of the folder) keeps a manager in it. Only an admin may leave a folder
 * without one (admins manage every folder); otherwise a manager could lock everyone else out by leaving.
 */
export function keepsAManager(
  caller: AccessCaller,
  members: readonly { userId: string; role: FolderRole }[],
  userId: string,
  role: FolderRole | null,
): boolean {
  if (caller.role === "admin" || role === "manager") return true;
  return members.some((member) => member.userId !== userId && member.role === "manager");
}
