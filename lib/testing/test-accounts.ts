/**
 * Test credentials made through the real mechanisms: a user created by better-auth with the role
 * asked for, and an API key from its api-key plugin (more keys, limited to some workflows, with
 * `createTestApiKey`). Tests send `headers` (or sign in with `email`/`password` in a browser);
 * nothing bypasses authentication.
 */
import { randomUUID } from "node:crypto";
import { createAccount } from "../auth/accounts";
import { createApiKey } from "../auth/api-keys";
import type { Role } from "../auth/roles";

export const TEST_PASSWORD = "correct horse battery staple";

export type TestAccount = {
  userId: string;
  email: string;
  password: string;
  role: Role;
  apiKey: string;
  headers: Record<string, string>;
};
export type TestApiKey = { id: string; key: string; headers: Record<string, string> };

/** Another key of the account's user, limited to `workflowIds` (none: every workflow). */
export async function createTestApiKey(userId: string, name: string, workflowIds: string[] = []): Promise<TestApiKey> {
  const created = await createApiKey(userId, name, workflowIds);
  if (!created.ok) throw new Error(`Could not create test API key "${name}": ${created.error}`);
  return { id: created.id, key: created.key, headers: { authorization: `Bearer ${created.key}` } };
}

export async function createTestAccount(
  role: Role = "editor",
  name = `${role}-${randomUUID().slice(0, 8)}`,
): Promise<TestAccount> {
  const email = `${name}@switchboard.test`;
  const created = await createAccount({ email, password: TEST_PASSWORD, name }, role);
  if (!created.ok) throw new Error(`Could not create test account ${email}: ${created.error}`);
  const { key, headers } = await createTestApiKey(created.userId, `${name} key`);
  return { userId: created.userId, email, password: TEST_PASSWORD, role, apiKey: key, headers };
}
