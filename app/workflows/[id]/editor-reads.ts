/**
 * What the editor's panels read as soon as it opens (components/editor/editor-reads.tsx), read with the page instead,
 * by the same paths and with the same answers their routes give this person: the workflows they may see (the workflow
 * pickers), the workflow's public chat settings, and — for editors, as GET /api/secrets allows — the secrets' names.
 * Three requests less on every open, and panels drawn with their data rather than filled in after.
 */
import "server-only";
import type { Principal } from "@/lib/auth/principal";
import { hasRole } from "@/lib/auth/roles";
import { visibleWorkflowsWhere } from "@/lib/auth/workflow-access";
import { getPublicChatSettings } from "@/lib/public-chat/settings";
import { secretListing } from "@/lib/secrets/secret-store";
import { listWorkflowItems } from "@/lib/workflow-store/repository";
import { publicChatPath, SECRET_LIST_PATH, WORKFLOW_LIST_PATH } from "@/components/editor/editor-read-paths";

/** The answers by path, for a caller the page has let see workflow `workflowId`. */
export async function editorReadsAtOpen(user: Principal, workflowId: string): Promise<Record<string, unknown>> {
  const [workflows, publicChat, secrets] = await Promise.all([
    listWorkflowItems(visibleWorkflowsWhere(user)),
    getPublicChatSettings(workflowId),
    hasRole(user.role, "editor") ? secretListing() : null,
  ]);
  return {
    [WORKFLOW_LIST_PATH]: workflows,
    ...(publicChat && { [publicChatPath(workflowId)]: publicChat }),
    ...(secrets && { [SECRET_LIST_PATH]: secrets }),
  };
}
