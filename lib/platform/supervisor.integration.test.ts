/**
 * The supervisor with real processes: a child killed by SIGKILL comes back with a new pid and the restart is logged;
 * stop() ends it for good.
 */
import { afterEach, expect, it } from "vitest";
import { waitFor } from "../testing/wait-for";
import { superviseProcess, type Supervised } from "./supervisor";

let supervised: Supervised | undefined;
afterEach(async () => {
  await supervised?.stop(2_000);
});

const alive = (pid: number | undefined) => {
  try {
    process.kill(pid!, 0);
    return true;
  } catch {
    return false;
  }
};

it("restarts a killed child with backoff, logs it, and stops it for good on request", async () => {
  const logs: string[] = [];
  supervised = superviseProcess({
    name: "sleeper",
    command: process.execPath,
    args: ["-e", "process.on('SIGTERM', () => process.exit(0)); setInterval(() => {}, 1000)"],
    env: process.env,
    log: (line) => logs.push(line),
    output: () => undefined,
    initialDelayMs: 100,
  });
  const first = await waitFor("the child to start", () => supervised!.pid(), 5_000);
  process.kill(first, "SIGKILL");
  const second = await waitFor(
    "a new child",
    () => (supervised!.pid() !== first && alive(supervised!.pid()) ? supervised!.pid() : undefined),
    5_000,
  );
  expect(second).not.toBe(first);
  expect(supervised.restarts()).toBe(1);
  expect(logs).toContainEqual("[supervisor] sleeper exited (SIGKILL); restarting in 0.1 s (restart 1)");

  process.kill(second!, "SIGKILL");
  await waitFor(
    "a third child, after a longer pause",
    () => (supervised!.restarts() === 2 && alive(supervised!.pid()) && supervised!.pid() !== second ? true : undefined),
    5_000,
  );
  expect(logs.at(-1)).toContain("restarting in 0.2 s (restart 2)");

  const last = supervised.pid();
  await supervised.stop(2_000);
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(alive(last)).toBe(false);
  expect(supervised.restarts()).toBe(2); // stopping is not a crash: no restart
  supervised = undefined;
});
