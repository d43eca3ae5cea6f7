"use server";
/**
 * The Folders page's actions (admins: make and delete folders, choose members and their roles) and the workflow
 * list's "Folder and tags" (whoever may change the workflow: move it into a folder they edit, set its tags).
 */
import { revalidatePath } from "next/cache";
import { actionPrincipal, workflowDenied } from "@/lib/auth/request-access";
import type { Role } from "@/lib/auth/roles";
import type { Principal } from "@/lib/auth/principal";
import { createFolder, deleteFolder, moveWorkflow, setFolderMember } from "@/lib/workflow-store/folders";
import { getWorkflow, placeWorkflow } from "@/lib/workflow-store/repository";
import { FolderName, FolderRecordId, FolderRoleInput, WorkflowTags, type FolderActionResult } from "./schema";

const invalid = (error: { issues: { message: string }[] }) => ({ ok: false as const, error: error.issues[0].message });

async function as(role: Role, work: (caller: Principal) => Promise<FolderActionResult>): Promise<FolderActionResult> {
  const caller = await actionPrincipal(role);
  if (!caller.ok) return caller;
  const result = await work(caller.principal);
  if (result.ok) {
    revalidatePath("/folders");
    revalidatePath("/");
  }
  return result;
}

export async function createFolderAction(name: unknown): Promise<FolderActionResult> {
  return as("admin", async () => {
    const parsed = FolderName.safeParse(name);
    return parsed.success ? createFolder(parsed.data) : invalid(parsed.error);
  });
}

export async function deleteFolderAction(folderId: unknown): Promise<FolderActionResult> {
  return as("admin", async () => {
    const parsed = FolderRecordId.safeParse(folderId);
    return parsed.success ? deleteFolder(parsed.data) : invalid(parsed.error);
  });
}

/** Gives `userId` `role` in the folder, or (role null) takes them out of it. */
export async function setFolderMemberAction(folderId: unknown, userId: unknown, role: unknown) {
  return as("admin", async () => {
    const folder = FolderRecordId.safeParse(folderId);
    const user = FolderRecordId.safeParse(userId);
    const parsedRole = FolderRoleInput.safeParse(role);
    if (!folder.success) return invalid(folder.error);
    if (!user.success) return { ok: false, error: "userId: pick a person" };
    if (!parsedRole.success) return invalid(parsedRole.error);
    return setFolderMember(folder.data, user.data, parsedRole.data);
  });
}

/** Moves a workflow into a folder (null: into none, its owner's and admins' alone) and sets its tags. */
export async function placeWorkflowAction(workflowId: unknown, folderId: unknown, tags: unknown) {
  return as("editor", async (caller) => {
    const id = FolderRecordId.safeParse(workflowId);
    const folder = FolderRecordId.nullable().safeParse(folderId);
    const parsedTags = WorkflowTags.safeParse(tags);
    if (!id.success) return invalid(id.error);
    if (!folder.success) return invalid(folder.error);
    if (!parsedTags.success) return invalid(parsedTags.error);
    const denied = await workflowDenied(caller, id.data, "edit");
    if (denied) return { ok: false, error: denied };
    if ((await getWorkflow(id.data))?.folderId !== folder.data) {
      const moved = await moveWorkflow(caller, id.data, folder.data);
      if (!moved.ok) return moved;
    }
    await placeWorkflow(id.data, { tags: parsedTags.data });
    return { ok: true };
  });
}
