/**
 * `npm start` as an operator runs it (the production build the suite made, its own database,
 * Redis and port): the owner comes from SWITCHBOARD_ADMIN_EMAIL, a worker killed with SIGKILL is
 * restarted by the supervisor while the web app keeps answering, and SIGTERM stops everything.
 */
import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import { prepareTestDatabase } from "../lib/db/test-database";
import { startOwnRedis } from "../lib/testing/own-redis";
import { waitFor } from "../lib/testing/wait-for";
import { expect, test } from "./support/test";

const PORT = 3290 + Number(process.env.SWITCHBOARD_TEST_SLOT ?? 0);

const DATABASE = "switchboard_start_e2e";

function read(file: string): string {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return "";
  }
}

/** Live (not zombie) processes, with their process group and what they run. */
function processes(): { pid: number; pgid: number; cmdline: string; environ: string }[] {
  return readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .map((pid) => {
      const fields = read(`/proc/${pid}/stat`)
        .replace(/^.*\) /, "")
        .split(" ");
      return {
        pid: Number(pid),
        state: fields[0],
        pgid: Number(fields[2]),
        cmdline: read(`/proc/${pid}/cmdline`),
        environ: read(`/proc/${pid}/environ`),
      };
    })
    .filter((process) => process.state && process.state !== "Z");
}

/** The supervised worker of this test's npm start: the leader of its own process group. */
const workerLeader = () =>
  processes().find((p) => p.pid === p.pgid && p.cmdline.includes("workers/main.ts") && p.environ.includes(DATABASE))
    ?.pid;

test("npm start: headless owner, a killed worker comes back, SIGTERM stops everything", async () => {
  test.setTimeout(120_000);
  const databaseUrl = await prepareTestDatabase({ url: `postgresql://root@127.0.0.1:5432/${DATABASE}` });
  const redis = await startOwnRedis();
  const lines: string[] = [];
  const start = spawn(path.join("node_modules", ".bin", "tsx"), [path.join("workers", "start.ts")], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      REDIS_URL: redis.url,
      PORT: String(PORT),
      HOST: "127.0.0.1",
      SWITCHBOARD_ADMIN_EMAIL: "ops@switchboard.test",
      SWITCHBOARD_ADMIN_PASSWORD: "a long ops password",
      SWITCHBOARD_SHUTDOWN_GRACE_MS: "5000",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  for (const stream of [start.stdout!, start.stderr!])
    createInterface({ input: stream }).on("line", (line) => lines.push(line));
  const exited = new Promise<number | null>((resolve) => start.once("exit", (code) => resolve(code)));
  try {
    await waitFor(
      "Switchboard to be running",
      () => (lines.some((line) => line.includes("Switchboard is running")) ? true : undefined),
      90_000,
      250,
    );
    const health = () =>
      fetch(`http://127.0.0.1:${PORT}/api/health`).then(
        (response) => response.status,
        () => 0,
      );
    expect(await health()).toBe(200);
    await waitFor(
      "the worker to be ready",
      () => (lines.some((line) => line.includes("worker ready")) ? true : undefined),
      30_000,
      250,
    );

    // The owner exists: signing in is offered, not set-up.
    const signIn = await fetch(`http://127.0.0.1:${PORT}/`, { redirect: "manual" });
    expect(signIn.headers.get("location")).toContain("/sign-in");

    const worker = workerLeader()!;
    expect(worker).toBeGreaterThan(0);
    process.kill(-worker, "SIGKILL"); // the worker and the node under its tsx, as a crash would
    await waitFor(
      "the supervisor to restart the worker",
      () =>
        lines.some((line) => line.includes("[supervisor] worker exited (SIGKILL); restarting")) ? true : undefined,
      10_000,
      100,
    );
    expect(await health()).toBe(200);
    await waitFor(
      "the new worker",
      () => (lines.filter((line) => line.includes("worker ready")).length >= 2 ? true : undefined),
      30_000,
      250,
    );

    start.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(lines.at(-1)).toBe("Switchboard stopped.");
    expect(processes().filter((p) => p.environ.includes(DATABASE) && p.pid !== start.pid)).toEqual([]);
    expect(await health()).toBe(0);
  } finally {
    start.kill("SIGKILL");
    await redis.stop();
  }
});
