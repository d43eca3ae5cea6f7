/**
 * CPU profiles of a bench's own child processes over its measured phase, for whoever chases a figure next:
 * `BENCH_PROFILE=worker,web npm run bench:engine -- waiting-agents` writes `bench-profiles/worker-<pid>-0.cpuprofile`
 * (and web-…) for each measured phase (`BENCH_PROFILE_DIR` moves them). The child loads cpu-profile-preload.cjs; the
 * bench toggles it with SIGUSR2 around what it measures. Unset, nothing is loaded and nothing is signalled. Scenarios
 * that take it: `waiting-agents` (web, worker) and `npm-start` (web, worker: its simple runs, then its gateway calls).
 */
import path from "node:path";

const PRELOAD = path.resolve("e2e", "bench", "cpu-profile-preload.cjs");
const chosen = new Set((process.env.BENCH_PROFILE ?? "").split(",").map((role) => role.trim()));
const profileDir = () => path.resolve(process.env.BENCH_PROFILE_DIR ?? "bench-profiles");

const preloadEnv = (fileRole: string): Record<string, string> => ({
  NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --require "${PRELOAD}"`.trim(), // quoted: a path may have spaces
  BENCH_PROFILE_ROLE: fileRole,
  BENCH_PROFILE_DIR: profileDir(),
});

/** The environment a child of this role starts with: the preload added to its NODE_OPTIONS when it is profiled. */
export function profilingEnv(role: string): Record<string, string> {
  return chosen.has(role) ? preloadEnv(role) : {};
}

/**
 * For a process that starts the profiled ones itself (npm start's supervisor hands its environment to web and worker):
 * the preload for all of them when any of `roles` is profiled. Their files are named `<label>-<pid>-…`; startProfiles
 * says which pid plays which role.
 */
export function profilingEnvOfChildren(label: string, roles: readonly string[]): Record<string, string> {
  return roles.some((role) => chosen.has(role)) ? preloadEnv(label) : {};
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
    const roles = profiled.map(([role, pid]) => `${role} (pid ${pid})`).join(", ");
    console.log(`bench: CPU profiles of ${roles} go to ${profileDir()}`);
  };
}
