/**
 * CPU time of the bench's own processes, by role, from /proc: where a run's CPU goes when the work is
 * spread over processes (npm start's web and worker, a redis-server of the bench's own, PostgreSQL) —
 * the figure that says which process limits throughput. Only what is the bench's is counted: this
 * process and the processes it started and their children (named by pid, or known by their command
 * name), and the PostgreSQL backends serving the bench's own database. Another stack's web process,
 * Redis or PostgreSQL backends on the same machine are not counted. Linux only; elsewhere it reports nothing.
 */
import { readdirSync, readFileSync } from "node:fs";
import { sql } from "../../lib/db/sql";

/** CPU seconds used so far by each process, by pid. */
type Snapshot = Map<number, { role: string; ticks: number }>;
type ProcessInfo = { ppid: number; command: string; ticks: number };

const TICKS_PER_SECOND = 100; // USER_HZ, 100 on every Linux this runs on

function roleByCommand(command: string): string | undefined {
  // workers/web.ts, or a plain `next start`
  if (command === "switchboard-web" || command.startsWith("next-server")) return "web";
  if (command === "postgres") return "postgres";
  if (command === "redis-server") return "redis";
  return undefined;
}

/** Every process's parent, command name and CPU ticks. */
function readProcesses(): Map<number, ProcessInfo> {
  const all = new Map<number, ProcessInfo>();
  let pids: string[];
  try {
    pids = readdirSync("/proc").filter((name) => /^\d+$/.test(name));
  } catch {
    return all;
  }
  for (const name of pids) {
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      // pid (comm) state ppid … utime stime: comm may hold spaces, so fields are counted after its ")".
      const command = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      all.set(Number(name), { ppid: Number(fields[1]), command, ticks: Number(fields[11]) + Number(fields[12]) });
    } catch {
      // the process ended between the listing and the read
    }
  }
  return all;
}

/**
 * The role of a process descended from this one: its own (named, or by command), else its nearest ancestor's; undefined
 * for a process that is not this one's.
 */
function roleInTree(pid: number, all: Map<number, ProcessInfo>, named: Record<number, string>): string | undefined {
  let role: string | undefined;
  for (let at = pid, hops = 0; hops < 64; hops++) {
    const info = all.get(at);
    role ??= named[at] ?? (at === process.pid ? "bench driver" : info && roleByCommand(info.command));
    if (at === process.pid) return role;
    if (!info || info.ppid <= 1) return undefined;
    at = info.ppid;
  }
  return undefined;
}

/** The PostgreSQL backends serving the bench's database (its pool's connections, and those of what it started). */
async function databaseBackends(): Promise<Set<number>> {
  const rows = await sql<{ pid: number }>`SELECT pid FROM pg_stat_activity WHERE datname = current_database()`.catch(
    () => [],
  );
  return new Set(rows.map((row) => row.pid));
}

/** Snapshots of the bench's processes' CPU; `named` gives roles by pid (e.g. the worker's). */
export function processCpu(named: Record<number, string> = {}) {
  const snapshot = async (): Promise<Snapshot> => {
    const [all, backends] = [readProcesses(), await databaseBackends()];
    const taken: Snapshot = new Map();
    for (const [pid, info] of all) {
      const role = backends.has(pid) ? "postgres" : roleInTree(pid, all, named);
      if (role) taken.set(pid, { role, ticks: info.ticks });
    }
    return taken;
  };
  return {
    snapshot,
    /** Milliseconds of CPU per unit of work (e.g. per run) each role used between two snapshots. */
    perUnit(before: Snapshot, after: Snapshot, units: number): Record<string, number> {
      const used: Record<string, number> = {};
      for (const [pid, { role, ticks }] of after)
        used[role] = (used[role] ?? 0) + ticks - (before.get(pid)?.ticks ?? 0);
      return Object.fromEntries(
        Object.entries(used).map(([role, ticks]) => [
          role,
          Math.round(((ticks / TICKS_PER_SECOND) * 1000 * 100) / units) / 100,
        ]),
      );
    },
  };
}

export type ProcessCpu = ReturnType<typeof processCpu>;
