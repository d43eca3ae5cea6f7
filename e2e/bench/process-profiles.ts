/**
 * CPU profiles of a bench's own child processes over its measured phase, for whoever chases a figure next:
 * `BENCH_PROFILE=worker,web npm run bench:engine -- waiting-agents` writes `bench-profiles/worker-<pid>-0.cpuprofile`
 * (and web-…) for each measured phase (`BENCH_PROFILE_DIR` moves them). The child loads cpu-profile-preload.cjs; the
 * bench toggles it with SIGUSR2 around what it measures. Unset, nothing is loaded and nothing is signalled.
 */
import path from "node:path";

const PRELOAD = path.resolve("e2e", "bench", "cpu-profile-preload.cjs");
const chosen = new Set((process.env.BENCH_PROFILE ?? "").split(",").map((role) => role.trim()));
const profileDir = () => path.resolve(process.env.BENCH_PROFILE_DIR ?? "bench-profiles");

/** The environment a child of this role starts with: the preload added to its NODE_OPTIONS when it is profiled. */
export function profilingEnv(role: string): Record<string, string> {
  if (!chosen.has(role)) return {};
  return {
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --require "${PRELOAD}"`.trim(), // quoted: a path may have spaces
    BENCH_PROFILE_ROLE: role,
    BENCH_PROFILE_DIR: profileDir(),
  };
}

/**
 * Starts the profiles of the chosen roles among `pids` (role → the pid of the process that runs the code, not a
 * launcher such as tsx's), and answers a function that stops them and has them written.
 */
export function startProfiles(pids: Record<string, number>): () => void {
  const profiled = Object.entries(pids).filter(([role]) => chosen.has(role));
  const toggle = () => profiled.forEach(([, pid]) => process.kill(pid, "SIGUSR2"));
  toggle();
  return () => {
    toggle();
    if (profiled.length === 0) return;
    const roles = profiled.map(([role]) => role).join(", ");
    console.log(`bench: CPU profiles of ${roles} go to ${profileDir()}`);
  };
}
