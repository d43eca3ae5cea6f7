"use server";
/**
 * The Folders page's actions (editors make folders; a folder's managers and admins rename it, choose its members and
 * their roles, and delete it once empty) and the workflow list's "Folder and tags" (whoever may change the workflow:
 * move it into a folder they may file into, set its tags). The rules live in lib/workflow-store/folders.ts, which the
 * /api/folders routes share.
 */
import { revalidatePath } from "next/cache";
import { actionPrincipal } from "@/lib/auth/request-access";
import type { Principal } from "@/lib/auth/principal";
import {
  createFolder,
  deleteFolder,
  fileWorkflow,
  renameFolder,
  setFolderMember,
  type FolderResult,
} from "@/lib/workflow-store/folders";
import { FolderName, FolderRecordId, FolderRoleInput, WorkflowTags, type FolderActionResult } from "./schema";

const invalid = (error: { issues: { message: string }[] }) => ({ ok: false as const, error: error.issues[0].message });

/** Runs `work` for an editor or admin; only its outcome reaches the page (never more than `ok` and `error`). */
async function asEditor(work: (caller: Principal) => Promise<FolderResult | FolderActionResult>) {
  const caller = await actionPrincipal("editor");
  if (!caller.ok) return caller;
  const result = await work(caller.principal);
  if (!result.ok) return { ok: false as const, error: result.error };
  revalidatePath("/folders");
  revalidatePath("/");
  return { ok: true as const };
}

export async function createFolderAction(name: unknown): Promise<FolderActionResult> {
  return asEditor(async (caller) => {
    const parsed = FolderName.safeParse(name);
    return parsed.success ? createFolder(caller, parsed.data) : invalid(parsed.error);
  });
}

export async function renameFolderAction(folderId: unknown, name: unknown): Promise<FolderActionResult> {
  return asEditor(async (caller) => {
    const folder = FolderRecordId.safeParse(folderId);
    const parsed = FolderName.safeParse(name);
    if (!folder.success) return invalid(folder.error);
    return parsed.success ? renameFolder(caller, folder.data, parsed.data) : invalid(parsed.error);
  });
}

export async function deleteFolderAction(folderId: unknown): Promise<FolderActionResult> {
  return asEditor(async (caller) => {
    const parsed = FolderRecordId.safeParse(folderId);
    return parsed.success ? deleteFolder(caller, parsed.data) : invalid(parsed.error);
  });
}

/** Gives `userId` `role` in the folder, or (role null) takes them out of it. */
export async function setFolderMemberAction(folderId: unknown, userId: unknown, role: unknown) {
  return asEditor(async (caller) => {
    const folder = FolderRecordId.safeParse(folderId);
    const user = FolderRecordId.safeParse(userId);
    const parsedRole = FolderRoleInput.safeParse(role);
    if (!folder.success) return invalid(folder.error);
    if (!user.success) return { ok: false, error: "userId: pick a person" };
    if (!parsedRole.success) return invalid(parsedRole.error);
    return setFolderMember(caller, folder.data, user.data, parsedRole.data);
  });
}

/** Moves a workflow into a folder (null: into none, its owner's and admins' alone) and sets its tags. */
export async function placeWorkflowAction(workflowId: unknown, folderId: unknown, tags: unknown) {
  return asEditor(async (caller) => {
    const id = FolderRecordId.safeParse(workflowId);
    const folder = FolderRecordId.nullable().safeParse(folderId);
    const parsedTags = WorkflowTags.safeParse(tags);
    if (!id.success) return invalid(id.error);
    if (!folder.success) return invalid(folder.error);
    if (!parsedTags.success) return invalid(parsedTags.error);
    return fileWorkflow(caller, id.data, { folderId: folder.data, tags: parsedTags.data });
  });
}
