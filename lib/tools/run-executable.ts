/**
 * Runs one allow-listed executable with arguments, never through a shell (so `;`, `|` and `$()`
 * are just characters in an argument), with a timeout and a cap on the output it keeps.
 */
import { execFile } from "node:child_process";

export type ExecResult = { exitCode: number | null; stdout: string; stderr: string; timedOut: boolean; truncated: boolean };

export class ExecutableNotAllowedError extends Error {}

export function assertAllowed(command: string, allowed: string[]): void {
  if (!allowed.includes(command)) {
    throw new ExecutableNotAllowedError(`command: "${command}" is not on the allow-list (${allowed.join(", ") || "empty"})`);
  }
}

export function runExecutable(
  command: string,
  args: string[],
  options: { cwd?: string; timeoutMs: number; maxOutputBytes: number; signal?: AbortSignal },
): Promise<ExecResult> {
  return new Promise((resolve, reject) => {
    execFile(
      command,
      args,
      { cwd: options.cwd || undefined, timeout: options.timeoutMs, maxBuffer: options.maxOutputBytes, signal: options.signal, shell: false, encoding: "utf8", env: process.env },
      (error, stdout, stderr) => {
        const failure = error as (NodeJS.ErrnoException & { killed?: boolean; signal?: string | null; code?: string | number | null }) | null;
        if (failure?.code === "ENOENT") return reject(new Error(`command: "${command}" was not found on the worker`));
        if (failure?.name === "AbortError") return reject(failure);
        const truncated = failure?.code === "ERR_CHILD_PROCESS_STDIO_MAXBUFFER";
        const timedOut = !truncated && failure?.killed === true && failure.signal === "SIGTERM";
        const exitCode = failure ? (typeof failure.code === "number" ? failure.code : null) : 0;
        const cap = (text: string) => (text.length > options.maxOutputBytes ? text.slice(0, options.maxOutputBytes) : text);
        resolve({ exitCode, stdout: cap(stdout), stderr: cap(stderr), timedOut, truncated });
      },
    );
  });
}
