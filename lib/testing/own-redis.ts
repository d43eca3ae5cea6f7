/**
 * A redis-server of a test's own, on its own port, that the test may stop and start again (a Redis restart without
 * persistence).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createConnection } from "node:net";

export type OwnRedis = {
  url: string;
  port: number;
  restart: (downMs?: number) => Promise<void>;
  stop: () => Promise<void>;
};

function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host: "127.0.0.1" }, () => (socket.end(), resolve(true)));
    socket.once("error", () => resolve(false));
  });
}

async function launch(port: number): Promise<ChildProcess> {
  const child = spawn(
    "redis-server",
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    { stdio: "ignore" },
  );
  for (let i = 0; i < 100 && !(await answers(port)); i++) await new Promise((resolve) => setTimeout(resolve, 50));
  return child;
}

async function kill(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGKILL");
  await exited;
}

export async function startOwnRedis(port = 6390 + Math.floor(Math.random() * 100)): Promise<OwnRedis> {
  let child = await launch(port);
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    restart: async (downMs = 1_000) => {
      await kill(child);
      await new Promise((resolve) => setTimeout(resolve, downMs));
      child = await launch(port);
    },
    stop: () => kill(child),
  };
}
