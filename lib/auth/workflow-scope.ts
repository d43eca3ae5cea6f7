/**
 * API keys limited to some workflows. The limit is kept in the key's better-auth permissions as
 * `{ workflow: [ids] }` (server-only there, so no client can widen it); a key without it, like a
 * signed-in session, reaches every workflow. Pure, so the MCP server, the routes and tests share one rule.
 */
export const WORKFLOW_PERMISSION = "workflow";

/** The workflows a caller may use: null means all of them. */
export type WorkflowScope = { workflowIds: readonly string[] | null };

/** A key's limit from its better-auth permissions (null: none, so every workflow). */
export function workflowIdsOf(permissions: unknown): string[] | null {
  const ids = (permissions as Record<string, unknown> | null | undefined)?.[WORKFLOW_PERMISSION];
  return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === "string") : null;
}

/** The permissions to give a new key: none picked means no limit. */
export function workflowPermissions(workflowIds: readonly string[] | undefined): Record<string, string[]> | undefined {
  const unique = [...new Set(workflowIds ?? [])];
  return unique.length > 0 ? { [WORKFLOW_PERMISSION]: unique } : undefined;
}

export const LIMITED_KEY_NOT_FOR_PAGES =
  "This API key is limited to some workflows: it opens their API routes and the MCP server, not pages or actions";

export function isLimited(scope: WorkflowScope): boolean {
  return scope.workflowIds !== null;
}

export function mayUseWorkflow(scope: WorkflowScope, workflowId: string): boolean {
  return scope.workflowIds === null || scope.workflowIds.includes(workflowId);
}

/** The items the caller may see, in their order. */
export function withinScope<T>(scope: WorkflowScope, items: readonly T[], workflowIdOf: (item: T) => string): T[] {
  return items.filter((item) => mayUseWorkflow(scope, workflowIdOf(item)));
}

/** Why a limited key is refused a workflow, naming it. */
export function outsideScopeMessage(workflow: { id: string; name?: string | null }): string {
  const named = workflow.name ? `"${workflow.name}" (${workflow.id})` : workflow.id;
  return `This API key is limited to some workflows, and workflow ${named} is not one of them (Settings → API keys)`;
}
