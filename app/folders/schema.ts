/** What the folder and sharing actions accept (kept apart from actions.ts, which may export only async functions). */
import { z } from "zod";
import { FOLDER_ROLES } from "@/lib/auth/access-rule";

export const FolderName = z
  .string({ error: "name: give the folder a name" })
  .trim()
  .min(1, "name: give the folder a name")
  .max(100, "name: keep it under 100 characters");
export const FolderRecordId = z.string({ error: "id: missing" }).trim().min(1, "id: missing").max(200, "id: too long");
export const FolderRoleInput = z.enum(FOLDER_ROLES, { error: `role: one of ${FOLDER_ROLES.join(", ")}` }).nullable();
/** Tags: short words, at most 20, each kept once, in the order given. */
export const WorkflowTags = z
  .array(
    z
      .string({ error: "tags: each tag is a word" })
      .trim()
      .min(1, "tags: a tag is empty")
      .max(40, "tags: keep each tag under 40 characters"),
    { error: "tags: a list of words" },
  )
  .max(20, "tags: at most 20")
  .transform((tags) => [...new Set(tags)]);

export type FolderActionResult = { ok: true } | { ok: false; error: string };
