/**
 * A PgBouncer of a test's own, in transaction mode, in front of one PostgreSQL database: on a free port, its config,
 * log and socket in a temporary folder, stopped (folder removed) afterwards. PgBouncer refuses to run as root, so
 * under root it is started as `nobody` (-u).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { chmod, mkdtemp, rm, writeFile } from "node:fs/promises";
import { createConnection } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "./free-port";

export const PGBOUNCER_BINARY = process.env.PGBOUNCER_BINARY ?? "/usr/sbin/pgbouncer";

export type OwnPgBouncer = {
  /** The database's URL through PgBouncer, with `pgbouncer=true` (no named prepared statements). */
  url: string;
  stop: () => Promise<void>;
};

function config(target: URL, port: number, dir: string): string {
  const database = decodeURIComponent(target.pathname.slice(1));
  const user = decodeURIComponent(target.username);
  const password = target.password ? ` password=${decodeURIComponent(target.password)}` : "";
  return [
    "[databases]",
    `${database} = host=${target.hostname} port=${target.port || 5432} dbname=${database} user=${user}${password}`,
    "[pgbouncer]",
    "listen_addr = 127.0.0.1",
    `listen_port = ${port}`,
    `unix_socket_dir = ${dir}`,
    "auth_type = trust",
    `auth_file = ${path.join(dir, "users.txt")}`,
    "pool_mode = transaction",
    "max_client_conn = 500",
    "default_pool_size = 20",
    `logfile = ${path.join(dir, "pgbouncer.log")}`,
    `pidfile = ${path.join(dir, "pgbouncer.pid")}`,
  ].join("\n");
}

const answers = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = createConnection({ port, host: "127.0.0.1" }, () => (socket.end(), resolve(true)));
    socket.once("error", () => resolve(false));
  });

/** Starts PgBouncer in front of the database `databaseUrl` names (a PostgreSQL that trusts its user). */
export async function startOwnPgBouncer(databaseUrl: string): Promise<OwnPgBouncer> {
  const target = new URL(databaseUrl);
  const dir = await mkdtemp(path.join(tmpdir(), "switchboard-pgbouncer-"));
  const port = await freePort();
  await writeFile(path.join(dir, "users.txt"), `"${decodeURIComponent(target.username)}" ""\n`);
  await writeFile(path.join(dir, "pgbouncer.ini"), config(target, port, dir));
  await chmod(dir, 0o777); // `nobody` writes its log, pid file and socket here
  const asRoot = process.getuid?.() === 0 ? ["-u", "nobody"] : [];
  const child: ChildProcess = spawn(PGBOUNCER_BINARY, [...asRoot, path.join(dir, "pgbouncer.ini")], {
    stdio: "ignore",
  });
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGKILL");
      await exited;
    }
    await rm(dir, { recursive: true, force: true });
  };
  for (let tries = 0; tries < 100 && !(await answers(port)); tries++) {
    if (child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  if (!(await answers(port))) {
    await stop();
    throw new Error(`PgBouncer (${PGBOUNCER_BINARY}) did not start on port ${port}`);
  }
  const url = new URL(databaseUrl);
  url.port = String(port);
  url.searchParams.set("pgbouncer", "true");
  return { url: url.toString(), stop };
}
