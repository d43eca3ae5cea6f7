/** A test worker that dies while starting fails whoever waits for it, saying why, instead of leaving them hanging. */
import { expect, test } from "vitest";
import { startWorkerProcess } from "./worker-process";

test("a worker that exits before it is ready rejects ready with its output", async () => {
  const worker = startWorkerProcess({ DATABASE_URL: "" });
  await expect(worker.ready).rejects.toThrow(/worker exited before it was ready:[\s\S]*DATABASE_URL is not set/);
}, 30_000);
