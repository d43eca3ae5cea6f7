/**
 * Starts serve-app-process.ts as a real child process (tsx, its own process group) with this
 * process's environment, so it uses the same test database and Redis; resolves once it listens.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { createInterface } from "node:readline";

/** `pid`: the launcher's (tsx), whose process group holds the server; `serverPid`: the node process that serves. */
export type WebProcess = { url: string; pid: number; serverPid: number; output: string[]; stop: () => Promise<void> };

const READY = /web ready at (http:\/\/\S+) \(pid (\d+)\)/;

/** `env` adds to (or overrides) this process's environment, e.g. a Redis of the caller's own. */
export async function startWebProcess(
  name = "web",
  timeoutMs = 60_000,
  env: Record<string, string> = {},
): Promise<WebProcess> {
  const child = spawn(
    path.join(process.cwd(), "node_modules", ".bin", "tsx"),
    ["--conditions=react-server", path.join("lib", "testing", "serve-app-process.ts")],
    {
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    },
  );
  const output: string[] = [];
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const [url, serverPid] = await new Promise<[string, number]>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${name} did not start within ${timeoutMs} ms:\n${output.join("\n")}`)),
      timeoutMs,
    );
    void exited.then(() => reject(new Error(`${name} exited before it listened:\n${output.join("\n")}`)));
    for (const stream of [child.stdout!, child.stderr!]) {
      createInterface({ input: stream }).on("line", (line) => {
        output.push(`[${name}] ${line}`);
        const ready = READY.exec(line);
        if (ready) {
          clearTimeout(timer);
          resolve([ready[1], Number(ready[2])]);
        }
      });
    }
  });
  return {
    url,
    pid: child.pid!,
    serverPid,
    output,
    stop: async () => {
      try {
        process.kill(-child.pid!, "SIGTERM");
      } catch {
        // already gone
      }
      await exited;
    },
  };
}
