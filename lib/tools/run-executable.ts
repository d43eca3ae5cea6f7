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
import { spawn, type ChildProcess } from "node:child_process";
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
    const output = collectOutput(child, options.maxOutputBytes);
    const watch = watchChild(child, options);
    child.once("error", (error: NodeJS.ErrnoException) => {
      watch.finish();
      reject(error.code === "ENOENT" ? new Error(`command: "${command}" was not found on the worker`) : error);
    });
    child.once("close", (code) => {
      watch.finish();
      if (options.signal?.aborted) return reject(options.signal.reason);
      const cap = (text: string) =>
        text.length > options.maxOutputBytes ? text.slice(0, options.maxOutputBytes) : text;
      const timedOut = watch.timedOut();
      resolve({
        exitCode: timedOut || output.truncated ? null : code,
        stdout: cap(output.stdout),
        stderr: cap(output.stderr),
        timedOut,
        truncated: output.truncated,
      });
    });
  });
}

/** The program's stdout and stderr as they arrive; past maxOutputBytes it is killed and the output marked truncated. */
function collectOutput(child: ChildProcess, maxOutputBytes: number) {
  const output = { stdout: "", stderr: "", truncated: false };
  const collect = (stream: "stdout" | "stderr") => (chunk: Buffer) => {
    if (output.stdout.length + output.stderr.length >= maxOutputBytes) {
      output.truncated = true;
      return killGroup(child.pid);
    }
    output[stream] += chunk.toString("utf8");
  };
  child.stdout!.on("data", collect("stdout"));
  child.stderr!.on("data", collect("stderr"));
  return output;
}

/**
 * Kills the program's group at its timeout or on the abort signal, and tells onSpawn/onGone about it.
 * `finish` (once it has exited) kills whatever it left running in its group.
 */
function watchChild(child: ChildProcess, options: ExecOptions) {
  const recorded =
    child.pid === undefined ? Promise.resolve() : (options.onSpawn?.(child.pid) ?? Promise.resolve()).catch(() => {});
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    killGroup(child.pid);
  }, options.timeoutMs);
  const onAbort = () => killGroup(child.pid);
  options.signal?.addEventListener("abort", onAbort, { once: true });
  return {
    timedOut: () => timedOut,
    finish: () => {
      clearTimeout(timer);
      options.signal?.removeEventListener("abort", onAbort);
      killGroup(child.pid);
      if (child.pid !== undefined && options.onGone)
        void recorded.then(() => options.onGone!(child.pid!)).catch(() => undefined);
    },
  };
}
