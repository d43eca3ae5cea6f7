/**
 * CPU time of this machine's processes, by role, from /proc: where a run's CPU goes when the work is
 * spread over npm start's processes (web, worker), PostgreSQL and Redis — the figure that says
 * which process limits throughput. Linux only; elsewhere it reports nothing.
 */
import { readdirSync, readFileSync } from "node:fs";

/** CPU seconds used so far by each process, by pid. */
type Snapshot = Map<number, { role: string; ticks: number }>;

const TICKS_PER_SECOND = 100; // USER_HZ, 100 on every Linux this runs on

function roleOf(pid: number, command: string, named: Record<number, string>): string {
  if (named[pid]) return named[pid];
  if (pid === process.pid) return "bench driver";
  // workers/web.ts, or a plain `next start`
  if (command === "switchboard-web" || command.startsWith("next-server")) return "web";
  if (command === "postgres") return "postgres";
  if (command === "redis-server") return "redis";
  return "";
}

/** Snapshots of every process's CPU; `named` gives roles by pid (e.g. the worker's). */
export function processCpu(named: Record<number, string> = {}) {
  const snapshot = (): Snapshot => {
    const taken: Snapshot = new Map();
    let pids: string[];
    try {
      pids = readdirSync("/proc").filter((name) => /^\d+$/.test(name));
    } catch {
      return taken;
    }
    for (const name of pids) {
      try {
        const stat = readFileSync(`/proc/${name}/stat`, "utf8");
        // pid (comm) state ppid … utime stime: comm may hold spaces, so fields are counted after its ")".
        const command = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
        const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
        const role = roleOf(Number(name), command, named);
        if (role) taken.set(Number(name), { role, ticks: Number(fields[11]) + Number(fields[12]) });
      } catch {
        // the process ended between the listing and the read
      }
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
