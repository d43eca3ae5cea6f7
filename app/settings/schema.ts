/** What the Settings page's actions accept and answer. */
import { z } from "zod";
import { ROLES } from "@/lib/auth/roles";

export const KeyName = z
  .string({ error: "name: give the key a name" })
  .trim()
  .min(1, "name: give the key a name")
  .max(64, "name: keep it under 64 characters");
export const RecordId = z.string({ error: "id: missing" }).trim().min(1, "id: missing").max(200, "id: too long");
export const KeyWorkflows = z
  .array(RecordId, { error: "workflows: a list of workflow ids" })
  .max(200, "workflows: pick at most 200")
  .default([]);
export const KeyFolder = z
  .string({ error: "folderId: a folder's id, or none" })
  .trim()
  .min(1, "folderId: a folder's id, or none")
  .max(200, "folderId: too long")
  .nullable()
  .default(null);
export const RoleInput = z.enum(ROLES, { error: `role: one of ${ROLES.join(", ")}` });

export type SettingsResult<T = object> = ({ ok: true } & T) | { ok: false; error: string };
