/**
 * `npm run api-key -- create --email EMAIL --name NAME [--workflow ID]… [--folder ID]` prints a new API key
 * for that user as the last line of its output; each `--workflow` limits the key to that workflow, `--folder` to the
 * workflows of that folder (neither: every workflow the user reaches). `list --email EMAIL`,
 * `limit --email EMAIL --id KEY_ID [--workflow ID]…` (no `--workflow`: lift the limit) and
 * `revoke --email EMAIL --id KEY_ID` too. It uses DATABASE_URL, else the embedded PostgreSQL of `npm start`
 * (started for the occasion if it is down).
 */
import { parseArgs } from "node:util";
import pg from "pg";
import { embeddedPostgresUrl, startEmbeddedPostgres } from "../lib/platform/embedded-postgres";

const USAGE =
  "usage: npm run api-key -- create --email EMAIL --name NAME [--workflow ID]… [--folder ID] | list --email EMAIL | " +
  "limit --email " +
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

type Request = {
  command: string;
  email: string;
  name?: string;
  id?: string;
  workflowIds: string[];
  folderId?: string;
};
type KeyOwner = { id: string; role: string };
/** Runs one command for the key's owner; answers the exit code. */
type Command = (request: Request, user: KeyOwner) => Promise<number>;

/** The command line, or null when it lacks what its command needs. */
function parseRequest(): Request | null {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      email: { type: "string" },
      name: { type: "string" },
      id: { type: "string" },
      workflow: { type: "string", multiple: true },
      folder: { type: "string" },
    },
  });
  const [command] = positionals;
  const email = values.email?.trim().toLowerCase();
  if (
    !command ||
    !email ||
    (command === "create" && !values.name) ||
    ((command === "revoke" || command === "limit") && !values.id)
  )
    return null;
  return {
    command,
    email,
    name: values.name,
    id: values.id,
    workflowIds: values.workflow ?? [],
    folderId: values.folder,
  };
}

const reachOf = (workflowIds: string[], folderId?: string) =>
  workflowIds.length > 0
    ? `only workflows ${workflowIds.join(", ")}`
    : folderId
      ? `only the workflows of folder ${folderId}`
      : "every workflow";

const COMMANDS: Record<string, Command> = {
  async create({ email, name, workflowIds, folderId }, user) {
    const { createApiKey } = await import("../lib/auth/api-keys");
    const created = await createApiKey(user.id, name!, workflowIds, folderId ?? null);
    if (!created.ok) {
      console.error(created.error);
      return 1;
    }
    const reach = reachOf(workflowIds, folderId);
    console.log(`Created API key "${name}" for ${email} (acts as ${user.role}, ${reach}). It is shown only now:`);
    console.log(created.key);
    return 0;
  },
  async list(_request, user) {
    const { listApiKeys } = await import("../lib/auth/api-keys");
    for (const key of await listApiKeys(user.id)) {
      const limit = key.workflows
        ? `only ${key.workflows.map((workflow) => workflow.name ?? `${workflow.id} (deleted)`).join(", ")}`
        : "every workflow";
      console.log(`${key.id}\t${key.name}\t${key.start ?? ""}…\tcreated ${key.createdAt.toISOString()}\t${limit}`);
    }
    return 0;
  },
  async limit({ id, workflowIds }, user) {
    const { limitApiKey } = await import("../lib/auth/api-keys");
    const limited = await limitApiKey(user.id, id!, workflowIds);
    if (!limited.ok) {
      console.error(limited.error);
      return 1;
    }
    console.log(`API key ${id} now reaches ${reachOf(workflowIds)}`);
    return 0;
  },
  async revoke({ email, id }, user) {
    const { revokeApiKey } = await import("../lib/auth/api-keys");
    if (!(await revokeApiKey(user.id, id!))) {
      console.error(`${email} has no API key ${id}`);
      return 1;
    }
    console.log(`Revoked API key ${id}`);
    return 0;
  },
};

async function main(): Promise<number> {
  const request = parseRequest();
  if (!request) {
    console.error(USAGE);
    return 2;
  }
  const db = await database();
  process.env.DATABASE_URL = db.url;
  try {
    const { getDb } = await import("../lib/db/client");
    const user = await getDb().user.findUnique({ where: { email: request.email }, select: { id: true, role: true } });
    if (!user) {
      console.error(`No user has the e-mail ${request.email}`);
      return 1;
    }
    const command = Object.hasOwn(COMMANDS, request.command) ? COMMANDS[request.command] : undefined;
    if (!command) {
      console.error(USAGE);
      return 2;
    }
    return await command(request, user);
  } finally {
    await db.release();
  }
}

process.exit(await main());
