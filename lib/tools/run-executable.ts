/**
 * Runs one allow-listed executable with arguments, never through a shell (so `;`, `|` and `$()`
 * are just characters in an argument), inside the sandbox (lib/sandbox: only its roots writable,
 * network only when declared, its own PID namespace), with a clean environment
 * (lib/platform/child-env.ts, or one the caller built from it), a timeout and a cap on the output
 * it keeps. The box leads its own process group, and a timeout or abort kills the whole group —
 * bubblewrap takes everything inside with it — so nothing it started outlives it; `onSpawn` /
 * `onGone` let the group be recorded for the reaper meanwhile (reaperHooks), so a worker's death
 * does not leave it running either.
 */
import { spawn } from "node:child_process";
import { childEnvironment } from "../platform/child-env";
import { sandboxedCommand } from "../sandbox/sandboxed-command";

export type ExecResult = {
  exitCode: number | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  truncated: boolean;
};

export class ExecutableNotAllowedError extends Error {}

export function assertAllowed(command: string, allowed: string[]): void {
  if (!allowed.includes(command)) {
    throw new ExecutableNotAllowedError(
      `command: "${command}" is not on the allow-list (${allowed.join(", ") || "empty"})`,
    );
  }
}

function killGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, "SIGKILL");
  } catch {
    // already gone
  }
}

export type ExecOptions = {
  cwd?: string;
  /** Directories the program may write (everything else it sees is read-only). */
  roots?: string[];
  /** Directories it may only read (a configuration's folder). */
  readOnlyRoots?: string[];
  /** Whether it may open network connections. */
  network?: boolean;
  timeoutMs: number;
  maxOutputBytes: number;
  signal?: AbortSignal;
  env?: Record<string, string>;
  onSpawn?: (pgid: number) => Promise<void>;
  onGone?: (pgid: number) => Promise<void>;
};

export async function runExecutable(command: string, args: string[], options: ExecOptions): Promise<ExecResult> {
  if (options.signal?.aborted) throw options.signal.reason;
  const plan = await sandboxedCommand({
    command,
    args,
    cwd: options.cwd || undefined,
    env: options.env ?? childEnvironment(),
    writableRoots: options.roots ?? [],
    readOnlyRoots: options.readOnlyRoots ?? [],
    network: options.network ?? false,
  });
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) return reject(options.signal.reason);
    const child = spawn(plan.file, plan.args, {
      cwd: plan.cwd,
      env: plan.env as NodeJS.ProcessEnv,
      shell: false,
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    });
    const recorded =
      child.pid === undefined
        ? Promise.resolve()
        : (options.onSpawn?.(child.pid) ?? Promise.resolve()).catch(() => undefined);
    const output = { stdout: "", stderr: "" };
    let truncated = false;
    let timedOut = false;
    const collect = (stream: "stdout" | "stderr") => (chunk: Buffer) => {
      if (output.stdout.length + output.stderr.length >= options.maxOutputBytes) {
        truncated = true;
        return killGroup(child.pid);
      }
      output[stream] += chunk.toString("utf8");
    };
    child.stdout!.on("data", collect("stdout"));
    child.stderr!.on("data", collect("stderr"));
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup(child.pid);
    }, options.timeoutMs);
    const onAbort = () => killGroup(child.pid);
    options.signal?.addEventListener("abort", onAbort, { once: true });
    const finish = () => {
      clearTimeout(timer);
      options.signal?.removeEventListener("abort", onAbort);
      killGroup(child.pid); // whatever the program left running in its group goes with it
      if (child.pid !== undefined && options.onGone)
        void recorded.then(() => options.onGone!(child.pid!)).catch(() => undefined);
    };
    child.once("error", (error: NodeJS.ErrnoException) => {
      finish();
      reject(error.code === "ENOENT" ? new Error(`command: "${command}" was not found on the worker`) : error);
    });
    child.once("close", (code) => {
      finish();
      if (options.signal?.aborted) return reject(options.signal.reason);
      const cap = (text: string) =>
        text.length > options.maxOutputBytes ? text.slice(0, options.maxOutputBytes) : text;
      resolve({
        exitCode: timedOut || truncated ? null : code,
        stdout: cap(output.stdout),
        stderr: cap(output.stderr),
        timedOut,
        truncated,
      });
    });
  });
}
