/**
 * Folders: how workflows are shared. A folder has members, each a viewer or an editor of its workflows
 * (lib/auth/access-rule.ts). Admins make folders and choose their members; whoever may change a workflow may move it
 * into a folder they edit (or out of any, back to its owner and admins). A folder with workflows is not deleted: they
 * would lose the people they were shared with.
 */
import "server-only";
import type { AccessCaller, FolderRole } from "../auth/access-rule";
import { checkWorkflowAccess } from "../auth/workflow-access";
import { getDb } from "../db/client";

export type FolderMemberSummary = { userId: string; name: string; email: string; role: FolderRole };
export type FolderSummary = { id: string; name: string; workflowCount: number; members: FolderMemberSummary[] };
export type FolderResult = { ok: true; id?: string } | { ok: false; error: string };

/** The folders the caller belongs to (admins: every folder), by name, with their members. */
export async function listFolders(caller: AccessCaller): Promise<FolderSummary[]> {
  const rows = await getDb().folder.findMany({
    where: caller.role === "admin" ? {} : { members: { some: { userId: caller.userId } } },
    orderBy: { name: "asc" },
    select: {
      id: true,
      name: true,
      _count: { select: { workflows: true } },
      members: { select: { userId: true, role: true, user: { select: { name: true, email: true } } } },
    },
  });
  return rows.map(({ _count, members, ...folder }) => ({
    ...folder,
    workflowCount: _count.workflows,
    members: members
      .map(({ userId, role, user }) => ({ userId, role, name: user.name, email: user.email }))
      .sort((a, b) => a.name.localeCompare(b.name)),
  }));
}

export async function createFolder(name: string): Promise<FolderResult> {
  const db = getDb();
  if (await db.folder.findUnique({ where: { name }, select: { id: true } }))
    return { ok: false, error: `name: a folder is already called "${name}"` };
  const { id } = await db.folder.create({ data: { name }, select: { id: true } });
  return { ok: true, id };
}

/** Deletes an empty folder (its memberships go with it). */
export async function deleteFolder(folderId: string): Promise<FolderResult> {
  const folder = await getDb().folder.findUnique({
    where: { id: folderId },
    select: { name: true, _count: { select: { workflows: true } } },
  });
  if (!folder) return { ok: false, error: `Folder ${folderId} does not exist` };
  if (folder._count.workflows > 0)
    return {
      ok: false,
      error: `Folder "${folder.name}" still holds ${folder._count.workflows} workflow(s): move them out first`,
    };
  await getDb().folder.delete({ where: { id: folderId } });
  return { ok: true };
}

/** Gives a person a role in a folder, or takes them out of it (`role` null). */
export async function setFolderMember(
  folderId: string,
  userId: string,
  role: FolderRole | null,
): Promise<FolderResult> {
  const db = getDb();
  const [folder, user] = await Promise.all([
    db.folder.findUnique({ where: { id: folderId }, select: { id: true } }),
    db.user.findUnique({ where: { id: userId }, select: { id: true } }),
  ]);
  if (!folder) return { ok: false, error: `Folder ${folderId} does not exist` };
  if (!user) return { ok: false, error: `userId: no account has the id ${userId}` };
  if (role === null) await db.folderMember.deleteMany({ where: { folderId, userId } });
  else
    await db.folderMember.upsert({
      where: { folderId_userId: { folderId, userId } },
      create: { folderId, userId, role },
      update: { role },
    });
  return { ok: true };
}

/** Whether the caller may put workflows into the folder: an admin, or one of its editors. */
async function mayFileInto(caller: AccessCaller, folderId: string): Promise<boolean> {
  if (caller.role === "admin") return (await getDb().folder.count({ where: { id: folderId } })) > 0;
  if (caller.role === "viewer") return false;
  const member = await getDb().folderMember.findUnique({
    where: { folderId_userId: { folderId, userId: caller.userId } },
    select: { role: true },
  });
  return member?.role === "editor";
}

/** Moves a workflow the caller may change into a folder they edit, or out of any (`folderId` null). */
export async function moveWorkflow(caller: AccessCaller, workflowId: string, folderId: string | null) {
  const checked = await checkWorkflowAccess(caller, workflowId, "edit");
  if (!checked.ok) return { ok: false, error: checked.message } satisfies FolderResult;
  if (folderId !== null && !(await mayFileInto(caller, folderId)))
    return { ok: false, error: `folderId: you may not put workflows into folder ${folderId} (ask an admin)` };
  await getDb().workflow.update({ where: { id: workflowId }, data: { folderId } });
  return { ok: true } satisfies FolderResult;
}
