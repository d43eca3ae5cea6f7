/**
 * Variables: non-secret values (a base URL, a channel name, a threshold) that templates read as `{{vars.NAME}}`.
 * Instance variables (scope "") are read by every workflow; a workflow's own variable of the same name wins. A run
 * reads them when it gets to a node that uses them, so a published version picks up today's values without being
 * published again. Editors see and change them: never put a secret here (Secrets are for those).
 */
import { z } from "zod";
import { sql } from "../db/sql";

export const INSTANCE_SCOPE = "";

export const VariableName = z
  .string({ error: "name: must be a string" })
  .regex(/^[A-Za-z_][A-Za-z0-9_]{0,63}$/, "name: letters, digits and _ only, not starting with a digit, at most 64");
export const VariableValue = z
  .string({ error: "value: must be a string" })
  .max(10_000, "value: keep it under 10,000 characters");

export type StoredVariable = { scope: string; name: string; value: string; updatedAt: Date };

/** The variables a run of `workflowId` reads, by name: the instance's, overridden by the workflow's own. */
export async function readVariables(workflowId: string): Promise<Record<string, string>> {
  const rows = await sql<{ name: string; value: string }>`
    SELECT name, value FROM "Variable" WHERE scope IN (${INSTANCE_SCOPE}, ${workflowId})
    ORDER BY (scope = ${workflowId})`;
  return Object.fromEntries(rows.map((row) => [row.name, row.value]));
}

export async function listVariables(): Promise<StoredVariable[]> {
  return sql<StoredVariable>`SELECT scope, name, value, "updatedAt" FROM "Variable" ORDER BY scope, name`;
}

export async function putVariable(scope: string, name: string, value: string): Promise<void> {
  await sql`
    INSERT INTO "Variable" (scope, name, value, "updatedAt") VALUES (${scope}, ${name}, ${value}, now())
    ON CONFLICT (scope, name) DO UPDATE SET value = EXCLUDED.value, "updatedAt" = now()`;
}

/** False when there was no such variable. */
export async function deleteVariable(scope: string, name: string): Promise<boolean> {
  const deleted = await sql`DELETE FROM "Variable" WHERE scope = ${scope} AND name = ${name} RETURNING name`;
  return deleted.length > 0;
}

/** A deleted workflow's own variables go with it. */
export async function deleteScope(scope: string): Promise<void> {
  if (scope !== INSTANCE_SCOPE) await sql`DELETE FROM "Variable" WHERE scope = ${scope}`;
}
