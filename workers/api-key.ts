/**
 * `npm run api-key -- create --email EMAIL --name NAME [--workflow ID]…` prints a new API key for
 * that user as the last line of its output; each `--workflow` limits the key to that workflow (none:
 * every workflow). `list --email EMAIL`, `limit --email EMAIL --id KEY_ID [--workflow ID]…` (no
 * `--workflow`: lift the limit) and `revoke --email EMAIL --id KEY_ID` too. It uses DATABASE_URL,
 * else the embedded PostgreSQL of `npm start` (started for the occasion if it is down).
 */
import { parseArgs } from "node:util";
import pg from "pg";
import { embeddedPostgresUrl, startEmbeddedPostgres } from "../lib/platform/embedded-postgres";

const USAGE =
  "usage: npm run api-key -- create --email EMAIL --name NAME [--workflow ID]… | list --email EMAIL | limit --email " +
  "EMAIL --id KEY_ID [--workflow ID]… | revoke --email EMAIL --id KEY_ID";

async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The database to use and how to let go of it afterwards. */
async function database(): Promise<{ url: string; release: () => Promise<void> }> {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, release: async () => undefined };
  const url = embeddedPostgresUrl();
  if (await answers(url)) return { url, release: async () => undefined };
  const started = await startEmbeddedPostgres();
  return { url: started.url, release: started.stop };
}

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      email: { type: "string" },
      name: { type: "string" },
      id: { type: "string" },
      workflow: { type: "string", multiple: true },
    },
  });
  const [command] = positionals;
  const email = values.email?.trim().toLowerCase();
  const workflowIds = values.workflow ?? [];
  if (
    !command ||
    !email ||
    (command === "create" && !values.name) ||
    ((command === "revoke" || command === "limit") && !values.id)
  ) {
    console.error(USAGE);
    return 2;
  }
  const db = await database();
  process.env.DATABASE_URL = db.url;
  try {
    const { getDb } = await import("../lib/db/client");
    const { createApiKey, limitApiKey, listApiKeys, revokeApiKey } = await import("../lib/auth/api-keys");
    const user = await getDb().user.findUnique({ where: { email }, select: { id: true, role: true } });
    if (!user) {
      console.error(`No user has the e-mail ${email}`);
      return 1;
    }
    const reach = workflowIds.length > 0 ? `only workflows ${workflowIds.join(", ")}` : "every workflow";
    if (command === "create") {
      const created = await createApiKey(user.id, values.name!, workflowIds);
      if (!created.ok) {
        console.error(created.error);
        return 1;
      }
      console.log(
        `Created API key "${values.name}" for ${email} (acts as ${user.role}, ${reach}). It is shown only now:`,
      );
      console.log(created.key);
    } else if (command === "list") {
      for (const key of await listApiKeys(user.id)) {
        const limit = key.workflows
          ? `only ${key.workflows.map((workflow) => workflow.name ?? `${workflow.id} (deleted)`).join(", ")}`
          : "every workflow";
        console.log(`${key.id}\t${key.name}\t${key.start ?? ""}…\tcreated ${key.createdAt.toISOString()}\t${limit}`);
      }
    } else if (command === "limit") {
      const limited = await limitApiKey(user.id, values.id!, workflowIds);
      if (!limited.ok) {
        console.error(limited.error);
        return 1;
      }
      console.log(`API key ${values.id} now reaches ${reach}`);
    } else if (command === "revoke") {
      if (!(await revokeApiKey(user.id, values.id!))) {
        console.error(`${email} has no API key ${values.id}`);
        return 1;
      }
      console.log(`Revoked API key ${values.id}`);
    } else {
      console.error(USAGE);
      return 2;
    }
    return 0;
  } finally {
    await db.release();
  }
}

process.exit(await main());
