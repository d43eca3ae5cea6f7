/**
 * Real MCP servers for tests: server-everything (stdio and streamable HTTP) and
 * server-filesystem (stdio), started with `node` from node_modules. A marker argument makes
 * each test's processes countable in /proc, whatever other suites are running.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { freePort } from "./free-port";

const root = path.resolve(import.meta.dirname, "../..");
export const EVERYTHING_BIN = path.join(root, "node_modules/@modelcontextprotocol/server-everything/dist/index.js");
export const FILESYSTEM_BIN = path.join(root, "node_modules/@modelcontextprotocol/server-filesystem/dist/index.js");

export const everythingStdio = (marker: string) => ({
  transport: "stdio" as const,
  command: "node",
  args: [EVERYTHING_BIN, "stdio", marker],
});
/**
 * server-everything started by a launcher that first spawns a long-lived helper process in the
 * same process group, as servers that drive browsers or language servers do. The helper ignores
 * stdin, so only killing the whole group ends it.
 */
export const everythingWithHelper = (marker: string) => ({
  transport: "stdio" as const,
  command: "node",
  args: [
    "-e",
    `require("node:child_process").spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)", ` +
      `${JSON.stringify(marker)}], { stdio: "ignore" }); ` +
      `import(${JSON.stringify(pathToFileURL(EVERYTHING_BIN).href)});`,
    marker,
    "stdio",
  ],
});

/**
 * server-filesystem takes allowed directories as arguments, declared as its roots too (the sandbox shows it nothing
 * else); the marker is passed as an env value instead.
 */
export const filesystemStdio = (directory: string, marker: string) => ({
  transport: "stdio" as const,
  command: "node",
  args: [FILESYSTEM_BIN, directory],
  roots: [directory],
  env: { MCP_TEST_MARKER: marker },
});

/**
 * Pids of live programs whose command line or environment carries the marker. The sandbox's own
 * two bubblewrap processes (the monitor and the box's init) carry the program's command line too;
 * they are not counted, and they never outlive the program (its PID namespace ends with it).
 */
export function processesWith(marker: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, "utf8");
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      if (stat.split(") ")[1]?.startsWith("Z")) continue; // a zombie is already dead
      if (cmdline.split("\0")[0].endsWith("bwrap")) continue;
      let environ = "";
      try {
        environ = readFileSync(`/proc/${entry}/environ`, "utf8");
      } catch {
        // not ours to read
      }
      if (cmdline.includes(marker) || environ.includes(marker)) pids.push(Number(entry));
    } catch {
      // the process ended while we looked
    }
  }
  return pids;
}

export { freePort };

/**
 * server-everything over HTTP on a free port — Streamable HTTP (`/mcp`) or the legacy HTTP+SSE transport (`/sse`) —
 * ready when it says so.
 */
export async function startEverythingHttp(
  mode: "streamableHttp" | "sse" = "streamableHttp",
): Promise<{ url: string; close: () => void }> {
  const port = await freePort();
  const child: ChildProcess = spawn("node", [EVERYTHING_BIN, mode], {
    env: { ...process.env, PORT: String(port) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server-everything (${mode}) did not start`)), 15_000);
    const ready = (chunk: Buffer) => {
      if (/listening|is running on port/i.test(chunk.toString())) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on("data", ready);
    child.stderr!.on("data", ready);
    child.on("exit", (code) => reject(new Error(`server-everything (${mode}) exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}/${mode === "sse" ? "sse" : "mcp"}`, close: () => child.kill("SIGKILL") };
}
