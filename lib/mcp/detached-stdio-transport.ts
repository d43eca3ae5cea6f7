/**
 * A stdio client transport whose server runs in the sandbox (lib/sandbox: its own PID namespace,
 * only its roots writable, network only when declared), the box leading its own process group
 * (`detached: true`), so closing it kills everything the server started (npx → node → …), not
 * just the direct child. Framing uses the SDK's own ReadBuffer and serializeMessage.
 */
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { ReadBuffer, serializeMessage } from "@modelcontextprotocol/sdk/shared/stdio.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { sandboxedCommand } from "../sandbox/sandboxed-command";

export type DetachedStdioParams = {
  command: string;
  args: string[];
  env: Record<string, string>;
  cwd?: string;
  roots: string[];
  network: boolean;
};

const MAX_STDERR_CHARS = 4_000;

/** Sends a signal to a whole process group; quiet when the group is already gone. */
export function killProcessGroup(pgid: number, signal: NodeJS.Signals = "SIGKILL"): boolean {
  try {
    process.kill(-pgid, signal);
    return true;
  } catch {
    return false;
  }
}

export class DetachedStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  private child?: ChildProcessWithoutNullStreams;
  private readonly buffer = new ReadBuffer();
  private stderrTail = "";

  constructor(
    private readonly params: DetachedStdioParams,
    /** Told the process group id the moment the server is spawned, before any handshake. */
    private readonly onSpawn?: (pgid: number) => void,
  ) {}

  /** The process group id (the child's pid: it leads its own group). */
  get pgid(): number | undefined {
    return this.child?.pid;
  }

  /** The last lines the server wrote to stderr, for error messages. */
  get stderr(): string {
    return this.stderrTail.trim();
  }

  async start(): Promise<void> {
    const { command, args, env, cwd, roots, network } = this.params;
    const plan = await sandboxedCommand({ command, args, env, cwd, writableRoots: roots, readOnlyRoots: [], network });
    return new Promise((resolve, reject) => {
      const child = spawn(plan.file, plan.args, {
        env: plan.env as NodeJS.ProcessEnv,
        cwd: plan.cwd,
        detached: true,
        shell: false,
      });
      this.child = child;
      child.on("error", (error) => {
        reject(error);
        this.onerror?.(error);
      });
      child.on("spawn", () => {
        if (child.pid !== undefined) this.onSpawn?.(child.pid);
        resolve();
      });
      child.on("close", () => {
        this.child = undefined;
        this.onclose?.();
      });
      child.stdin?.on("error", (error) => this.onerror?.(error));
      child.stdout?.on("data", (chunk: Buffer) => {
        this.buffer.append(chunk);
        for (;;) {
          let message: JSONRPCMessage | null;
          try {
            message = this.buffer.readMessage();
          } catch (error) {
            this.onerror?.(error as Error);
            continue;
          }
          if (message === null) break;
          this.onmessage?.(message);
        }
      });
      child.stderr?.on("data", (chunk: Buffer) => {
        this.stderrTail = (this.stderrTail + chunk.toString()).slice(-MAX_STDERR_CHARS);
      });
    });
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve, reject) => {
      const stdin = this.child?.stdin;
      if (!stdin) return reject(new Error("MCP server process is not running"));
      if (stdin.write(serializeMessage(message))) resolve();
      else stdin.once("drain", resolve);
    });
  }

  /** Ends stdin, then kills the whole group; waits briefly for the leader to exit. */
  async close(): Promise<void> {
    const child = this.child;
    if (!child || child.pid === undefined) return;
    const exited = new Promise<void>((resolve) => child.once("close", () => resolve()));
    child.stdin?.end();
    killProcessGroup(child.pid, "SIGTERM");
    const timer = setTimeout(() => killProcessGroup(child.pid!, "SIGKILL"), 1_000);
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 2_000).unref())]);
    clearTimeout(timer);
    killProcessGroup(child.pid, "SIGKILL"); // grandchildren that ignored SIGTERM
    this.buffer.clear();
  }
}
