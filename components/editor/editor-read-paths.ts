/**
 * The paths the editor's panels read (editor-reads.tsx), named once: the panels read them, and the editor's page reads
 * the same answers with the workflow (app/workflows/[id]/editor-reads.ts), so an open asks none of them again.
 */
export const WORKFLOW_LIST_PATH = "/api/workflows";
export const SECRET_LIST_PATH = "/api/secrets";
export const publicChatPath = (workflowId: string) => `/api/workflows/${encodeURIComponent(workflowId)}/public-chat`;
