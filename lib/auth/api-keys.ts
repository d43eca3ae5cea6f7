/**
 * API keys for scripts and the HTTP API, made by better-auth's api-key plugin (only a hash is
 * stored; the key is shown once). A key may be limited to some workflows, kept in its better-auth
 * permissions (lib/auth/workflow-scope.ts).
 */
import "server-only";
import { getDb } from "../db/client";
import { getAuth } from "./auth";
import { forgetVerified } from "./verified-credentials";
import { folderIdsOf, workflowIdsOf, workflowPermissions } from "./workflow-scope";

/** `workflows` is null for a key that reaches every workflow; a deleted workflow keeps its id and loses its name. */
export type ApiKeySummary = {
  id: string;
  name: string;
  start: string | null;
  createdAt: Date;
  lastRequest: Date | null;
  workflows: { id: string; name: string | null }[] | null;
  /** The folder the key is limited to (null: none). */
  folder: { id: string; name: string | null } | null;
};

export type ApiKeyResult<T> = ({ ok: true } & T) | { ok: false; error: string };

/** Null when every id names a workflow; otherwise the problem in words. */
async function unknownWorkflows(workflowIds: readonly string[]): Promise<string | null> {
  if (workflowIds.length === 0) return null;
  const found = new Set(
    (await getDb().workflow.findMany({ where: { id: { in: [...workflowIds] } }, select: { id: true } })).map(
      (row) => row.id,
    ),
  );
  const missing = workflowIds.filter((id) => !found.has(id));
  return missing.length === 0 ? null : `workflows: no workflow has the id ${missing.join(", ")}`;
}

/** Null when the folder exists and the user may see it (a member, or an admin); otherwise the problem in words. */
async function unknownFolder(userId: string, folderId: string | null): Promise<string | null> {
  if (!folderId) return null;
  const db = getDb();
  const [folder, user] = await Promise.all([
    db.folder.findUnique({
      where: { id: folderId },
      select: { members: { where: { userId }, select: { role: true } } },
    }),
    db.user.findUnique({ where: { id: userId }, select: { role: true } }),
  ]);
  return folder && (user?.role === "admin" || folder.members.length > 0)
    ? null
    : `folderId: you are in no folder with the id ${folderId}`;
}

/**
 * The new key's full text: shown to its owner once, never stored. No `workflowIds` (or none) means every workflow;
 * `folderId` limits it to that folder's workflows.
 */
export async function createApiKey(
  userId: string,
  name: string,
  workflowIds: readonly string[] = [],
  folderId: string | null = null,
): Promise<ApiKeyResult<{ id: string; key: string }>> {
  const problem = (await unknownWorkflows(workflowIds)) ?? (await unknownFolder(userId, folderId));
  if (problem) return { ok: false, error: problem };
  const created = await getAuth().api.createApiKey({
    body: { userId, name: name.trim(), permissions: workflowPermissions(workflowIds, folderId) },
  });
  return { ok: true, id: created.id, key: created.key };
}

/**
 * Changes which workflows one of the user's keys may use (none: all); the key's remembered verification is forgotten at
 * once.
 */
export async function limitApiKey(
  userId: string,
  keyId: string,
  workflowIds: readonly string[],
): Promise<ApiKeyResult<object>> {
  const key = await getDb().apikey.findFirst({ where: { id: keyId, referenceId: userId }, select: { id: true } });
  if (!key) return { ok: false, error: `This user has no API key ${keyId}` };
  const problem = await unknownWorkflows(workflowIds);
  if (problem) return { ok: false, error: problem };
  await getAuth().api.updateApiKey({ body: { userId, keyId, permissions: workflowPermissions(workflowIds) ?? null } });
  forgetVerified();
  return { ok: true };
}

export async function listApiKeys(userId: string): Promise<ApiKeySummary[]> {
  const keys = await getDb().apikey.findMany({
    where: { referenceId: userId },
    orderBy: { createdAt: "desc" },
    select: { id: true, name: true, start: true, createdAt: true, lastRequest: true, permissions: true },
  });
  const permissions = new Map(keys.map((key) => [key.id, key.permissions ? JSON.parse(key.permissions) : null]));
  const limits = new Map(keys.map((key) => [key.id, workflowIdsOf(permissions.get(key.id))]));
  const folderNames = new Map(
    (await getDb().folder.findMany({ select: { id: true, name: true } })).map((row) => [row.id, row.name]),
  );
  const folderOf = (keyId: string) => {
    const id = folderIdsOf(permissions.get(keyId))?.[0];
    return id ? { id, name: folderNames.get(id) ?? null } : null;
  };
  const ids = [...new Set([...limits.values()].flatMap((list) => list ?? []))];
  const named =
    ids.length > 0
      ? await getDb().workflow.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } })
      : [];
  const names = new Map(named.map((row) => [row.id, row.name]));
  return keys.map(({ permissions: _permissions, ...key }) => ({
    ...key,
    name: key.name ?? "(unnamed)",
    workflows: limits.get(key.id)?.map((id) => ({ id, name: names.get(id) ?? null })) ?? null,
    folder: folderOf(key.id),
  }));
}

/** Revokes one of the user's keys at once; false when the user has no such key. */
export async function revokeApiKey(userId: string, keyId: string): Promise<boolean> {
  const { count } = await getDb().apikey.deleteMany({ where: { id: keyId, referenceId: userId } });
  forgetVerified();
  return count > 0;
}
