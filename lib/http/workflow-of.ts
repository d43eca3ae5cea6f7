/**
 * Which workflow a route's path is about, for apiRoute's access check (lib/auth/workflow-access.ts). Each answers
 * null when the thing does not exist, so the route says 404 as it would for anyone; `missing` is the very answer a
 * missing one gets, given to a caller who may not see it so that its existence does not leak.
 */
import "server-only";
import { sql } from "../db/sql";

export type WorkflowOf<P> = ((params: P) => Promise<string | null>) & { missing: (params: P) => string };

function resolver<P>(find: (params: P) => Promise<string | null>, missing: (params: P) => string): WorkflowOf<P> {
  return Object.assign(find, { missing });
}

export const workflowOfPath = resolver(
  async ({ id }: { id: string }): Promise<string | null> => id,
  ({ id }) => `Workflow ${id} does not exist`,
);

export const workflowOfRun = resolver(
  async ({ id }: { id: string }): Promise<string | null> =>
    (await sql<{ workflowId: string }>`SELECT "workflowId" FROM "Run" WHERE id = ${id}`)[0]?.workflowId ?? null,
  ({ id }) => `Run ${id} does not exist`,
);

export const workflowOfConversation = resolver(
  async ({ id }: { id: string }): Promise<string | null> =>
    (await sql<{ workflowId: string }>`SELECT "workflowId" FROM "Conversation" WHERE id = ${id}`)[0]?.workflowId ??
    null,
  ({ id }) => `Conversation ${id} does not exist`,
);
