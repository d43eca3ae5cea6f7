/**
 * A real worker process (`workers/main.ts`) for tests that kill workers: started in its own process
 * group, so SIGKILL takes tsx and the node process under it at once, as a crash would.
 */
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { createInterface } from "node:readline";

export type WorkerProcess = {
  child: ChildProcess;
  /** Resolves once the worker is ready, with the pid of the node process that serves (not tsx's launcher). */
  ready: Promise<number>;
  kill: (signal?: NodeJS.Signals) => Promise<void>;
  output: string[];
};

export function startWorkerProcess(env: Record<string, string> = {}, name = "worker"): WorkerProcess {
  const child = spawn(
    path.join(process.cwd(), "node_modules", ".bin", "tsx"),
    ["--conditions=react-server", path.join("workers", "main.ts")],
    {
      env: { ...process.env, SWITCHBOARD_RUN_LEASE_SECONDS: "5", ...env },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    },
  );
  const output: string[] = [];
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  let markReady: (serverPid: number) => void;
  const ready = new Promise<number>((resolve, reject) => {
    markReady = resolve;
    // A worker that dies starting (a bad flag, a missing setting) fails its caller with what it said, not a hang.
    void exited.then(() => reject(new Error(`${name} exited before it was ready:\n${output.join("\n")}`)));
  });
  ready.catch(() => {}); // a caller that never waits for ready (it kills the worker first) is told nothing
  for (const stream of [child.stdout!, child.stderr!]) {
    createInterface({ input: stream }).on("line", (line) => {
      output.push(`[${name}] ${line}`);
      const readyLine = /worker ready \(pid (\d+)\)/.exec(line);
      if (readyLine) markReady(Number(readyLine[1]));
    });
  }
  return {
    child,
    ready,
    output,
    kill: async (signal = "SIGKILL") => {
      try {
        process.kill(-child.pid!, signal);
      } catch {
        // already gone
      }
      await exited;
    },
  };
}
