/**
 * Whether components that touch the host (Run Command, Read/Write File, stdio MCP servers) may be
 * used at all. Off until an admin turns it on (Settings page) or the operator sets
 * SWITCHBOARD_HOST_TOOLS=1, which wins over the stored setting.
 */
import { getDb } from "../db/client";
import { asJson } from "../db/json";

const KEY = "hostTools";

export type HostToolsSetting = { enabled: boolean; source: "environment" | "settings" };

export async function hostToolsSetting(env: NodeJS.ProcessEnv = process.env): Promise<HostToolsSetting> {
  if (env.SWITCHBOARD_HOST_TOOLS === "1") return { enabled: true, source: "environment" };
  const row = await getDb().setting.findUnique({ where: { key: KEY }, select: { value: true } });
  return { enabled: row?.value === true, source: "settings" };
}

const CACHE_MS = 3_000;
// On globalThis, so an admin's change (a server action) reaches the route handlers' copy at once.
const holder = globalThis as unknown as { switchboardHostTools?: { enabled: boolean; at: number } };

/** The setting as workers and routes check it before a host-access component runs: read at most every few seconds. */
export async function hostToolsEnabled(): Promise<boolean> {
  const cached = holder.switchboardHostTools;
  if (cached && Date.now() - cached.at < CACHE_MS) return cached.enabled;
  const { enabled } = await hostToolsSetting();
  holder.switchboardHostTools = { enabled, at: Date.now() };
  return enabled;
}

/** The refusal a worker gives when a host-access component is asked to run while host access is off. */
export function hostAccessOffError(label: string): Error {
  return new Error(
    `"${label}" was refused: host access is off on this Switchboard (an admin can turn it on in Settings → ` +
      `Host access)`,
  );
}

export async function setHostToolsEnabled(enabled: boolean): Promise<void> {
  await getDb().setting.upsert({
    where: { key: KEY },
    create: { key: KEY, value: asJson(enabled) },
    update: { value: asJson(enabled) },
  });
  // After the write: a read while it was under way would have cached the old value again.
  holder.switchboardHostTools = undefined;
}
