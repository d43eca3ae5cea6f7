/**
 * Shares a workflow with a person the way an admin does on the Folders page: a folder of its own, the workflow moved
 * into it, the person a member with `role`. For tests whose subject is not sharing but which act as a second person.
 */
import { randomUUID } from "node:crypto";
import type { AccessCaller, FolderRole } from "../auth/access-rule";
import { getDb } from "../db/client";
import { createFolder, setFolderMember } from "../workflow-store/folders";

/** An admin without a key limit, as the Folders page's admin acts (an admin's folder starts without members). */
export const TEST_ADMIN: AccessCaller = { userId: "test-admin", role: "admin", workflowIds: null, folderIds: null };

export async function shareWorkflow(workflowId: string, userId: string, role: FolderRole = "editor"): Promise<void> {
  const created = await createFolder(TEST_ADMIN, `Shared for a test ${randomUUID().slice(0, 8)}`);
  if (!created.ok || !created.id) throw new Error(`could not create a folder: ${created.ok ? "no id" : created.error}`);
  await getDb().workflow.update({ where: { id: workflowId }, data: { folderId: created.id } });
  const added = await setFolderMember(TEST_ADMIN, created.id, userId, role);
  if (!added.ok) throw new Error(`could not add ${userId} to the folder: ${added.error}`);
}
