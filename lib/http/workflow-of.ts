/**
 * Which workflow a route's path is about, for apiRoute's check of API keys limited to some
 * workflows. Each answers null when the thing does not exist, so the route says 404 as it would
 * for anyone.
 */
import "server-only";
import { sql } from "../db/sql";

export const workflowOfPath = async ({ id }: { id: string }): Promise<string | null> => id;

export const workflowOfRun = async ({ id }: { id: string }): Promise<string | null> =>
  (await sql<{ workflowId: string }>`SELECT "workflowId" FROM "Run" WHERE id = ${id}`)[0]?.workflowId ?? null;

export const workflowOfConversation = async ({ id }: { id: string }): Promise<string | null> =>
  (await sql<{ workflowId: string }>`SELECT "workflowId" FROM "Conversation" WHERE id = ${id}`)[0]?.workflowId ?? null;
