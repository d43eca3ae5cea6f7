/**
 * Folders: how workflows are shared, one implementation for the Folders page's actions and the /api/folders routes.
 * A folder has members, each a viewer, an editor or a manager of it and its workflows; who may do what is the pure
 * rule of lib/auth/access-rule.ts. A folder the caller may not see is "not-found", as if it did not exist. A folder
 * with workflows is not deleted: they would lose the people they were shared with.
 */
import "server-only";
import {
  folderAccess,
  folderAllows,
  keepsAManager,
  mayCreateFolder,
  type AccessCaller,
  type FolderAccess,
  type FolderRole,
} from "../auth/access-rule";
import { checkWorkflowAccess } from "../auth/workflow-access";
import { getDb, type Prisma } from "../db/client";
import { placeWorkflow } from "./repository";

export type FolderMemberSummary = { userId: string; name: string; email: string; role: FolderRole };
export type FolderSummary = {
  id: string;
  name: string;
  createdAt: Date;
  workflowCount: number;
  members: FolderMemberSummary[];
  /** What the caller may do with it: see it, file workflows into it, or manage it. */
  access: Exclude<FolderAccess, "none">;
};
export type FolderFailure = "not-found" | "forbidden" | "conflict" | "invalid";
export type FolderResult<T extends object = object> =
  ({ ok: true } & T) | { ok: false; reason: FolderFailure; error: string };

const fail = (reason: FolderFailure, error: string) => ({ ok: false as const, reason, error });
const missing = (folderId: string) => fail("not-found", `Folder ${folderId} does not exist`);

const SUMMARY = {
  id: true,
  name: true,
  createdAt: true,
  _count: { select: { workflows: true } },
  members: { select: { userId: true, role: true, user: { select: { name: true, email: true } } } },
} satisfies Prisma.FolderSelect;
type FolderRow = Prisma.FolderGetPayload<{ select: typeof SUMMARY }>;

function summary(caller: AccessCaller, { _count, members, ...folder }: FolderRow): FolderSummary | null {
  const mine = members.find((member) => member.userId === caller.userId)?.role ?? null;
  const access = folderAccess(caller, folder.id, mine);
  if (access === "none") return null;
  return {
    ...folder,
    access,
    workflowCount: _count.workflows,
    members: members
      .map(({ userId, role, user }) => ({ userId, role, name: user.name, email: user.email }))
      .sort((a, b) => a.name.localeCompare(b.name)),
  };
}

/** The folders the caller may see (admins: every folder; a key limited to a folder: that one), by name. */
export async function listFolders(caller: AccessCaller): Promise<FolderSummary[]> {
  const rows = await getDb().folder.findMany({
    where: caller.role === "admin" ? {} : { members: { some: { userId: caller.userId } } },
    orderBy: { name: "asc" },
    select: SUMMARY,
  });
  return rows.map((row) => summary(caller, row)).filter((folder) => folder !== null);
}

/** One folder, if the caller may `needed` it: "not-found" when they may not even see it, else "forbidden". */
export async function getFolder(
  caller: AccessCaller,
  folderId: string,
  needed: Exclude<FolderAccess, "none"> = "view",
): Promise<FolderResult<{ folder: FolderSummary }>> {
  const row = await getDb().folder.findUnique({ where: { id: folderId }, select: SUMMARY });
  const folder = row && summary(caller, row);
  if (!folder) return missing(folderId);
  if (!folderAllows(folder.access, needed))
    return fail(
      "forbidden",
      needed === "manage"
        ? `You may not manage folder "${folder.name}": its managers and admins do`
        : `You may not put workflows into folder "${folder.name}": its editors, managers and admins do`,
    );
  return { ok: true, folder };
}

async function nameTaken(name: string, except?: string): Promise<boolean> {
  const found = await getDb().folder.findUnique({ where: { name }, select: { id: true } });
  return found !== null && found.id !== except;
}

/** A new folder; an editor who makes one becomes its first manager (an admin manages every folder anyway). */
export async function createFolder(caller: AccessCaller, name: string): Promise<FolderResult<{ id: string }>> {
  if (!mayCreateFolder(caller)) return fail("forbidden", "Only editors and admins make folders");
  if (await nameTaken(name)) return fail("conflict", `name: a folder is already called "${name}"`);
  const members = caller.role === "admin" ? undefined : { create: { userId: caller.userId, role: "manager" as const } };
  const { id } = await getDb().folder.create({ data: { name, members }, select: { id: true } });
  return { ok: true, id };
}

export async function renameFolder(caller: AccessCaller, folderId: string, name: string): Promise<FolderResult> {
  const found = await getFolder(caller, folderId, "manage");
  if (!found.ok) return found;
  if (await nameTaken(name, folderId)) return fail("conflict", `name: a folder is already called "${name}"`);
  await getDb().folder.update({ where: { id: folderId }, data: { name } });
  return { ok: true };
}

/** Deletes an empty folder (its memberships go with it). */
export async function deleteFolder(caller: AccessCaller, folderId: string): Promise<FolderResult> {
  const found = await getFolder(caller, folderId, "manage");
  if (!found.ok) return found;
  const { name, workflowCount } = found.folder;
  if (workflowCount > 0)
    return fail("conflict", `Folder "${name}" still holds ${workflowCount} workflow(s): move them out first`);
  await getDb().folder.delete({ where: { id: folderId } });
  return { ok: true };
}

/** Gives a person a role in a folder, or takes them out of it (`role` null). */
export async function setFolderMember(
  caller: AccessCaller,
  folderId: string,
  userId: string,
  role: FolderRole | null,
): Promise<FolderResult> {
  const found = await getFolder(caller, folderId, "manage");
  if (!found.ok) return found;
  const db = getDb();
  const { members, name } = found.folder;
  if (role === null && !members.some((member) => member.userId === userId))
    return fail("not-found", `userId: ${userId} is not a member of folder "${name}"`);
  if (role !== null && !(await db.user.findUnique({ where: { id: userId }, select: { id: true } })))
    return fail("not-found", `userId: no account has the id ${userId}`);
  if (!keepsAManager(caller, members, userId, role))
    return fail("conflict", `Folder "${name}" would have no manager left: make someone else its manager first`);
  if (role === null) await db.folderMember.deleteMany({ where: { folderId, userId } });
  else
    await db.folderMember.upsert({
      where: { folderId_userId: { folderId, userId } },
      create: { folderId, userId, role },
      update: { role },
    });
  return { ok: true };
}

/** Whether the caller may put workflows into the folder, or the reason not (naming the field). */
export async function fileableFolder(caller: AccessCaller, folderId: string): Promise<string | null> {
  const found = await getFolder(caller, folderId, "file");
  return found.ok ? null : `folderId: ${found.error}`;
}

/**
 * Files a workflow the caller may change: into a folder they may file into, or out of any (`folderId` null: back to
 * its owner and admins), and/or sets its tags. What is left out stays as it is.
 */
export async function fileWorkflow(
  caller: AccessCaller,
  workflowId: string,
  place: { folderId?: string | null; tags?: string[] },
): Promise<FolderResult> {
  const checked = await checkWorkflowAccess(caller, workflowId, "edit");
  if (!checked.ok) return fail(checked.reason === "not-found" ? "not-found" : "forbidden", checked.message);
  const current = await getDb().workflow.findUnique({ where: { id: workflowId }, select: { folderId: true } });
  if (!current) return fail("not-found", `Workflow ${workflowId} does not exist`);
  const moving = place.folderId !== undefined && place.folderId !== current.folderId;
  const refused = moving && place.folderId ? await fileableFolder(caller, place.folderId) : null;
  if (refused) return fail("forbidden", refused);
  await placeWorkflow(workflowId, { ...(moving ? { folderId: place.folderId } : {}), tags: place.tags });
  return { ok: true };
}

/** Moves a workflow the caller may change into a folder they may file into, or out of any (`folderId` null). */
export const moveWorkflow = (caller: AccessCaller, workflowId: string, folderId: string | null) =>
  fileWorkflow(caller, workflowId, { folderId });
