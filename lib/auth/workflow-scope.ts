/**
 * API keys limited to some workflows or to a folder. The limit is kept in the key's better-auth permissions as
 * `{ workflow: [ids] }` or `{ folder: [id] }` (server-only there, so no client can widen it); a key without it, like a
 * signed-in session, reaches every workflow its owner may (lib/auth/workflow-access.ts). Pure, so the MCP server, the
 * routes and tests share one rule.
 */
export const WORKFLOW_PERMISSION = "workflow";
export const FOLDER_PERMISSION = "folder";

/** The workflows a caller's key may use: null means all of them; `folderIds`, only those in these folders. */
export type WorkflowScope = { workflowIds: readonly string[] | null; folderIds?: readonly string[] | null };

/** A key's limit from its better-auth permissions (null: none, so every workflow). */
export function workflowIdsOf(permissions: unknown): string[] | null {
  const ids = (permissions as Record<string, unknown> | null | undefined)?.[WORKFLOW_PERMISSION];
  return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === "string") : null;
}

/** A key's folder limit from its better-auth permissions (null: none). */
export function folderIdsOf(permissions: unknown): string[] | null {
  const ids = (permissions as Record<string, unknown> | null | undefined)?.[FOLDER_PERMISSION];
  return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === "string") : null;
}

/** The permissions to give a new key: none picked means no limit. */
export function workflowPermissions(
  workflowIds: readonly string[] | undefined,
  folderId?: string | null,
): Record<string, string[]> | undefined {
  const unique = [...new Set(workflowIds ?? [])];
  const limits = {
    ...(unique.length > 0 ? { [WORKFLOW_PERMISSION]: unique } : {}),
    ...(folderId ? { [FOLDER_PERMISSION]: [folderId] } : {}),
  };
  return Object.keys(limits).length > 0 ? limits : undefined;
}

export const LIMITED_KEY_NOT_FOR_PAGES =
  "This API key is limited to some workflows: it opens their API routes and the MCP server, not pages or actions";

export function isLimited(scope: WorkflowScope): boolean {
  return scope.workflowIds !== null || (scope.folderIds ?? null) !== null;
}

/** Whether a key's limit lets it reach a workflow in `folderId` (a folder limit leaves out workflows in no folder). */
export function keyReachesWorkflow(scope: WorkflowScope, workflowId: string, folderId: string | null): boolean {
  const folders = scope.folderIds ?? null;
  return mayUseWorkflow(scope, workflowId) && (folders === null || (folderId !== null && folders.includes(folderId)));
}

/** Whether a key's folder limit lets it reach this folder (no limit: every folder its owner may). */
export function keyReachesFolder(scope: WorkflowScope, folderId: string): boolean {
  const folders = scope.folderIds ?? null;
  return folders === null || folders.includes(folderId);
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
