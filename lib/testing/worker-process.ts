/**
 * A real worker process (`workers/main.ts`) for tests that kill workers: started in its own process
 * group, so SIGKILL takes tsx and the node process under it at once, as a crash would.
 */
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { createInterface } from "node:readline";

export type WorkerProcess = {
  child: ChildProcess;
  ready: Promise<void>;
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
  let markReady: () => void;
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  for (const stream of [child.stdout!, child.stderr!]) {
    createInterface({ input: stream }).on("line", (line) => {
      output.push(`[${name}] ${line}`);
      if (line.includes("worker ready")) markReady();
    });
  }
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
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
