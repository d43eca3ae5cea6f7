/**
 * Whether boxes can start on this machine, probed once per process by starting a real one
 * (`bwrap … true`). Where they cannot, host tools are refused with the reason and the fix. An
 * operator who sets SWITCHBOARD_UNSANDBOXED_HOST_TOOLS=1 runs every host tool without a box, by
 * choice, and it is logged loudly at start and on each use.
 */
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { bwrapArguments } from "./bwrap-args";
import { systemView } from "./system-view";

export type SandboxStatus = { available: true; bwrap: string } | { available: false; reason: string };

export const UNSANDBOXED_ENV = "SWITCHBOARD_UNSANDBOXED_HOST_TOOLS";
const BWRAP_PATHS = ["/usr/bin/bwrap", "/usr/local/bin/bwrap"];
const PROBE_TIMEOUT_MS = 10_000;
const PROBE_ENV = { PATH: "/usr/bin:/bin" } as Record<string, string> as NodeJS.ProcessEnv;

export class SandboxUnavailableError extends Error {}

export function unsandboxedAllowed(env: Record<string, string | undefined> = process.env): boolean {
  return env[UNSANDBOXED_ENV] === "1";
}

/** Starts one real box running `true`; any failure (missing bwrap, no user namespaces) is the reason. */
export function probeSandbox(
  bwrap: string | undefined = BWRAP_PATHS.find((file) => existsSync(file)),
): Promise<SandboxStatus> {
  if (!bwrap || !existsSync(bwrap))
    return Promise.resolve({ available: false, reason: "bubblewrap (bwrap) is not installed" });
  const args = bwrapArguments(
    { command: "true", args: [], cwd: "/", env: {}, writableRoots: [], readOnlyRoots: [], network: false },
    systemView(),
  );
  return new Promise((resolve) => {
    execFile(bwrap, args, { timeout: PROBE_TIMEOUT_MS, env: PROBE_ENV }, (error, _stdout, stderr) => {
      if (!error) return resolve({ available: true, bwrap });
      resolve({ available: false, reason: `${bwrap} could not start a sandbox: ${stderr.trim() || error.message}` });
    });
  });
}

let probed: Promise<SandboxStatus> | undefined;

/** The probe's answer for this process (the first call runs it). */
export function sandboxStatus(): Promise<SandboxStatus> {
  probed ??= probeSandbox();
  return probed;
}

export function sandboxRefusal(reason: string): string {
  return (
    `Host tools are refused: the sandbox cannot start on this worker (${reason}). ` +
    `Install bubblewrap ("apt-get install bubblewrap") and allow unprivileged user namespaces ` +
    `(sysctl kernel.unprivileged_userns_clone=1 where the kernel has it), or set ${UNSANDBOXED_ENV}=1 to run host ` +
    `tools without a sandbox`
  );
}

/** One line for a process's start: whether host tools will run sandboxed, refused or unsandboxed. */
export async function describeSandbox(): Promise<string> {
  const status = await sandboxStatus();
  const works = status.available ? `the sandbox works (${status.bwrap})` : `the sandbox cannot start: ${status.reason}`;
  if (unsandboxedAllowed()) return `WARNING: host tools run WITHOUT a sandbox because ${UNSANDBOXED_ENV}=1 (${works})`;
  if (status.available) return `host tools run in a bubblewrap sandbox (${status.bwrap})`;
  return (
    `host tools are refused until the sandbox works: ${status.reason} — install it with "apt-get install ` +
    `bubblewrap"`
  );
}
