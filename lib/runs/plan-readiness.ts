/**
 * What a compiled workflow needs before a run may start, beyond compiling: something to run, and
 * every secret it names must exist (checked at each start: secrets come and go after a plan is
 * cached). Each refusal names the node and field, like a compile error.
 */
import { sql } from "../db/sql";
import { isSecretRef } from "../secrets/secret-ref";
import type { CompileError, CompiledWorkflow } from "../workflow/compile";
import type { WorkflowGraph } from "../workflow/graph";

export type SecretUse = { name: string; nodeId?: string; field?: string; where: string };

function collect(value: unknown, found: string[]): string[] {
  if (isSecretRef(value)) found.push(value.$secret);
  else if (Array.isArray(value)) value.forEach((item) => collect(item, found));
  else if (value && typeof value === "object") Object.values(value).forEach((item) => collect(item, found));
  return found;
}

/** The secrets the plan's nodes and the workflow's MCP servers name. */
export function secretUses(plan: CompiledWorkflow, mcpServers: WorkflowGraph["mcpServers"]): SecretUse[] {
  const fromNodes = Object.values(plan.nodes).flatMap((node) =>
    Object.entries(node.params).flatMap(([field, value]) =>
      collect(value, []).map((name) => ({ name, nodeId: node.id, field, where: `"${node.label}"` })),
    ),
  );
  const fromServers = Object.entries(mcpServers ?? {}).flatMap(([server, config]) =>
    collect(config, []).map((name) => ({ name, where: `the workflow's MCP server "${server}"` })),
  );
  return [...fromNodes, ...fromServers];
}

export async function missingSecrets(uses: SecretUse[]): Promise<CompileError[]> {
  if (uses.length === 0) return [];
  const names = [...new Set(uses.map((use) => use.name))];
  const existing = new Set(
    (await sql<{ name: string }>`SELECT name FROM "Secret" WHERE name = ANY(${names})`).map((row) => row.name),
  );
  return uses
    .filter((use) => !existing.has(use.name))
    .map((use) => ({
      code: "missing-secret" as const,
      nodeId: use.nodeId,
      field: use.field,
      message: `${use.where} uses the secret ${use.name}, which does not exist: an admin can add it in Secrets`,
    }));
}

export function emptyWorkflowError(plan: CompiledWorkflow): CompileError[] {
  return plan.order.length === 0
    ? [
        {
          code: "empty-workflow",
          message: "The workflow is empty: add an Entry (or another trigger) and the steps to run",
        },
      ]
    : [];
}
