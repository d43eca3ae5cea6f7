"use server";
/**
 * The Settings page's actions. Everyone signed in manages their own API keys (a key acts with its
 * owner's role, optionally limited to some workflows); admins invite people, change roles, remove accounts, decide on
 * host access, how long run history is kept and what model calls cost.
 */
import { revalidatePath } from "next/cache";
import { createInvite, removeUser, setUserRole } from "@/lib/auth/accounts";
import { createApiKey, revokeApiKey } from "@/lib/auth/api-keys";
import type { Principal } from "@/lib/auth/principal";
import { actionPrincipal } from "@/lib/auth/request-access";
import type { Role } from "@/lib/auth/roles";
import { setHostToolsEnabled } from "@/lib/settings/host-tools";
import { Retention, setRetention } from "@/lib/settings/retention";
import { ModelPriceTable } from "@/lib/settings/model-price-table";
import { saveModelPrices } from "@/lib/settings/model-prices";
import { KeyFolder, KeyName, KeyWorkflows, RecordId, RoleInput, type SettingsResult } from "./schema";

/** Runs `work` for a caller with at least `role`; access problems and bad input come back as `{ ok: false, error }`. */
async function asUser<T extends object>(
  role: Role,
  work: (user: Principal) => Promise<SettingsResult<T>>,
): Promise<SettingsResult<T>> {
  const caller = await actionPrincipal(role);
  if (!caller.ok) return caller;
  const result = await work(caller.principal);
  if (result.ok) revalidatePath("/settings");
  return result;
}

const invalid = (error: { issues: { message: string }[] }) => ({ ok: false as const, error: error.issues[0].message });

/**
 * `workflowIds`: the workflows the key is limited to (none: every workflow); `folderId`: the folder whose workflows it
 * is limited to (null: none).
 */
export async function createApiKeyAction(
  name: unknown,
  workflowIds: unknown = [],
  folderId: unknown = null,
): Promise<SettingsResult<{ key: string }>> {
  return asUser("viewer", async (user) => {
    const parsed = KeyName.safeParse(name);
    if (!parsed.success) return invalid(parsed.error);
    const workflows = KeyWorkflows.safeParse(workflowIds);
    if (!workflows.success) return invalid(workflows.error);
    const folder = KeyFolder.safeParse(folderId);
    if (!folder.success) return invalid(folder.error);
    const created = await createApiKey(user.userId, parsed.data, workflows.data, folder.data);
    return created.ok ? { ok: true, key: created.key } : created;
  });
}

export async function revokeApiKeyAction(keyId: unknown): Promise<SettingsResult> {
  return asUser("viewer", async (user) => {
    const parsed = RecordId.safeParse(keyId);
    if (!parsed.success) return invalid(parsed.error);
    return (await revokeApiKey(user.userId, parsed.data))
      ? { ok: true }
      : { ok: false, error: "You have no such API key" };
  });
}

export async function createInviteAction(role: unknown): Promise<SettingsResult<{ path: string }>> {
  return asUser("admin", async (user) => {
    const parsed = RoleInput.safeParse(role);
    if (!parsed.success) return invalid(parsed.error);
    const { token } = await createInvite(user.userId, parsed.data);
    return { ok: true, path: `/invite/${token}` };
  });
}

export async function setUserRoleAction(userId: unknown, role: unknown): Promise<SettingsResult> {
  return asUser("admin", async () => {
    const id = RecordId.safeParse(userId);
    const newRole = RoleInput.safeParse(role);
    if (!id.success) return invalid(id.error);
    if (!newRole.success) return invalid(newRole.error);
    return setUserRole(id.data, newRole.data);
  });
}

export async function removeUserAction(userId: unknown): Promise<SettingsResult> {
  return asUser("admin", async (user) => {
    const id = RecordId.safeParse(userId);
    if (!id.success) return invalid(id.error);
    if (id.data === user.userId) return { ok: false, error: "You cannot remove your own account" };
    return removeUser(id.data);
  });
}

export async function setHostToolsAction(enabled: unknown): Promise<SettingsResult> {
  return asUser("admin", async () => {
    if (typeof enabled !== "boolean") return { ok: false, error: "enabled: true or false" };
    await setHostToolsEnabled(enabled);
    return { ok: true };
  });
}

export async function setRetentionAction(retention: unknown): Promise<SettingsResult> {
  return asUser("admin", async () => {
    const parsed = Retention.safeParse(retention);
    if (!parsed.success) return invalid(parsed.error);
    await setRetention(parsed.data);
    return { ok: true };
  });
}

/** The model price table (null: back to the defaults); a bad row is named by its place and field. */
export async function setModelPricesAction(table: unknown): Promise<SettingsResult> {
  return asUser("admin", async () => {
    if (table === null) {
      await saveModelPrices(null);
      return { ok: true };
    }
    const parsed = ModelPriceTable.safeParse(table);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const [row, field] = issue.path;
      return { ok: false, error: `row ${Number(row) + 1}${field ? `, ${String(field)}` : ""}: ${issue.message}` };
    }
    await saveModelPrices(parsed.data);
    return { ok: true };
  });
}
