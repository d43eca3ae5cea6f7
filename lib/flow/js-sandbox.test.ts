/** The Code node's sandbox: it computes, reports errors with the line, and stops what it must stop. */
import { describe, expect, it } from "vitest";
import { runInSandbox, SandboxError } from "./js-sandbox";

describe("runInSandbox", () => {
  it("runs a function body over the input and returns JSON", async () => {
    expect(await runInSandbox("return input.items.map((n) => n * 2);", { items: [1, 2, 3] })).toEqual([2, 4, 6]);
    expect(await runInSandbox("const total = input.reduce((a, b) => a + b, 0);\nreturn { total };", [1, 2, 3])).toEqual(
      { total: 6 },
    );
    expect(await runInSandbox("return;", "x")).toBeNull();
  });

  it("reports the line of the person's code where it failed", async () => {
    const error = await runInSandbox("const a = 1;\nconst b = a.nope.deeper;\nreturn b;", null).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(SandboxError);
    expect((error as SandboxError).message).toMatch(/TypeError/);
    expect((error as SandboxError).line).toBe(2);
    await expect(runInSandbox("throw new Error('custom failure');", null)).rejects.toThrow(/custom failure \(line 1\)/);
  });

  it("stops an infinite loop at the deadline", async () => {
    const started = Date.now();
    await expect(runInSandbox("while (true) {}", null, { timeMs: 200, memoryBytes: 16 * 2 ** 20 })).rejects.toThrow(
      /longer than 200 ms/,
    );
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it("stops code that takes too much memory", async () => {
    await expect(
      runInSandbox("const keep = []; for (;;) keep.push({ n: keep.length, s: 'item ' + keep.length });", null, {
        timeMs: 5_000,
        memoryBytes: 8 * 2 ** 20,
      }),
    ).rejects.toThrow(/memory/);
  });

  it("has nothing of the host: no require, no process, no fetch", async () => {
    expect(
      await runInSandbox("return [typeof require, typeof process, typeof fetch, typeof globalThis.Deno];", null),
    ).toEqual(["undefined", "undefined", "undefined", "undefined"]);
    await expect(runInSandbox("return require('fs').readFileSync('/etc/passwd', 'utf8');", null)).rejects.toThrow(
      /'require' is not defined/,
    );
  });
});
