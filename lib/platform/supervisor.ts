/**
 * Keeps one child process alive for `npm start`: restarted with exponential backoff when it exits
 * (0.5 s doubling to 30 s, back to 0.5 s once it has stayed up a minute), each restart logged, and
 * stopped on request — SIGTERM to the child (tsx and next pass it on), SIGKILL to its whole process
 * group after a grace period.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createInterface } from "node:readline";

export type SuperviseOptions = {
  name: string;
  command: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  log?: (line: string) => void;
  output?: (name: string, line: string, stream: "stdout" | "stderr") => void;
  initialDelayMs?: number;
  maxDelayMs?: number;
  /** Up this long, a child's next crash starts the backoff over. */
  stableAfterMs?: number;
};

export type Supervised = {
  readonly name: string;
  pid: () => number | undefined;
  restarts: () => number;
  /** Stops the child (SIGTERM, then SIGKILL after `graceMs`) and does not restart it. */
  stop: (graceMs?: number) => Promise<void>;
};

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    process.kill(-child.pid!, signal);
  } catch {
    // gone already
  }
}

export function superviseProcess(options: SuperviseOptions): Supervised {
  const { name, log = (line) => console.error(line) } = options;
  const initialDelay = options.initialDelayMs ?? 500;
  let delay = initialDelay;
  let restarts = 0;
  let stopping = false;
  let child: ChildProcess | undefined;
  let timer: NodeJS.Timeout | undefined;

  const start = () => {
    const startedAt = Date.now();
    const current = spawn(options.command, options.args, {
      env: options.env,
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    child = current;
    for (const stream of ["stdout", "stderr"] as const) {
      createInterface({ input: current[stream]! }).on("line", (line) =>
        options.output ? options.output(name, line, stream) : process[stream].write(`[${name}] ${line}\n`),
      );
    }
    current.once("error", (error) => log(`[supervisor] ${name} could not start: ${error.message}`));
    current.once("exit", (code, signal) => {
      if (stopping) return;
      if (Date.now() - startedAt > (options.stableAfterMs ?? 60_000)) delay = initialDelay;
      restarts++;
      log(
        `[supervisor] ${name} exited (${signal ?? `code ${code}`}); restarting in ${(delay / 1000).toFixed(1)} s ` +
          `(restart ${restarts})`,
      );
      timer = setTimeout(start, delay);
      delay = Math.min(delay * 2, options.maxDelayMs ?? 30_000);
    });
  };
  start();

  return {
    name,
    pid: () => child?.pid,
    restarts: () => restarts,
    stop: async (graceMs = 20_000) => {
      stopping = true;
      clearTimeout(timer);
      const current = child;
      if (!current || current.exitCode !== null || current.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => current.once("exit", () => resolve()));
      current.kill("SIGTERM");
      const force = setTimeout(() => signalGroup(current, "SIGKILL"), graceMs);
      await exited;
      clearTimeout(force);
      signalGroup(current, "SIGKILL"); // anything the child left in its group
    },
  };
}
