/**
 * A redis-server of a test's own, on its own port, that the test may stop and start again (a Redis restart without
 * persistence). The port is one the system gave out as free (free-port.ts), and the server answering there must say
 * it is the process we started (INFO's process_id): a server someone else started on that port is never used.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createConnection } from "node:net";
import { freePort } from "./free-port";

export type OwnRedis = {
  url: string;
  port: number;
  /** The redis-server process's pid (its CPU and memory are the test's own). */
  pid: () => number;
  restart: (downMs?: number) => Promise<void>;
  stop: () => Promise<void>;
};

/** The pid of the Redis answering on `port` (INFO server's process_id), or undefined when none answers. */
export function answeringPid(port: number): Promise<number | undefined> {
  return new Promise((resolve) => {
    let text = "";
    const socket = createConnection({ port, host: "127.0.0.1" }, () => socket.write("INFO server\r\n"));
    socket.setTimeout(1_000, () => (socket.destroy(), resolve(undefined)));
    socket.on("data", (chunk) => {
      text += chunk.toString();
      const pid = /process_id:(\d+)/.exec(text)?.[1];
      if (pid) (socket.end(), resolve(Number(pid)));
    });
    socket.once("error", () => resolve(undefined));
    socket.once("close", () => resolve(undefined));
  });
}

/** Starts redis-server on `port`; it must be the one answering there, or it is stopped and an error thrown. */
async function launch(port: number): Promise<ChildProcess> {
  const child = spawn(
    "redis-server",
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    { stdio: "ignore" },
  );
  for (let i = 0; i < 100 && child.exitCode === null; i++) {
    const pid = await answeringPid(port);
    if (pid === child.pid) return child;
    if (pid !== undefined) break; // someone else's server holds the port
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await kill(child);
  throw new PortTakenError(`redis-server did not start on port ${port}: the port is taken or the server failed`);
}

class PortTakenError extends Error {}

async function kill(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGKILL");
  await exited;
}

/** On a free port the system gives out (a few tries, should another process take it first), or on `port`. */
export async function startOwnRedis(port?: number): Promise<OwnRedis> {
  let chosen = port ?? (await freePort());
  let child: ChildProcess;
  for (let tries = 0; ; tries++) {
    try {
      child = await launch(chosen);
      break;
    } catch (error) {
      if (port !== undefined || tries === 4 || !(error instanceof PortTakenError)) throw error;
      chosen = await freePort();
    }
  }
  return {
    url: `redis://127.0.0.1:${chosen}`,
    port: chosen,
    pid: () => child.pid!,
    restart: async (downMs = 1_000) => {
      await kill(child);
      await new Promise((resolve) => setTimeout(resolve, downMs));
      child = await launch(chosen);
    },
    stop: () => kill(child),
  };
}
