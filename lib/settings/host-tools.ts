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

export async function hostToolsEnabled(): Promise<boolean> {
  return (await hostToolsSetting()).enabled;
}

export async function setHostToolsEnabled(enabled: boolean): Promise<void> {
  await getDb().setting.upsert({ where: { key: KEY }, create: { key: KEY, value: asJson(enabled) }, update: { value: asJson(enabled) } });
}
