/**
 * Expressions and code run in boxes, not on the engine's thread: what blows a box's memory or time
 * fails with the limit it passed, the test process (standing in for a worker) lives on and keeps
 * its event loop, and the next evaluation works. The boxes run as nobody, not as the worker's user.
 */
import { describe, expect, it } from "vitest";
import { decideCondition } from "./decide-condition";
import { evaluateExpression } from "./evaluate-expression";
import { evaluateInBox } from "./evaluation-pool";
import { runInSandbox, SandboxError } from "./js-sandbox";
import { boxUsers, expectedBoxUser } from "../testing/box-users";

const CATASTROPHIC_INPUT = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaa!";

/** The longest gap between 10 ms ticks of this process's event loop while `work` runs. */
async function longestLoopGap(work: () => Promise<unknown>): Promise<number> {
  let last = performance.now();
  let longest = 0;
  const ticker = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 10);
  try {
    await work().catch(() => undefined);
  } finally {
    clearInterval(ticker);
  }
  return longest;
}

describe("evaluation boxes", () => {
  it(
    "fails an expression that allocates 200 M characters with the memory limit, and the next one works",
    { timeout: 30_000 },
    async () => {
      await expect(evaluateExpression('$pad("", 200000000, "x")', {})).rejects.toThrow(
        "The expression used more than 64 MiB of memory and was stopped",
      );
      expect(await evaluateExpression("$sum(items)", { items: [1, 2, 3] })).toBe(6);
    },
  );

  it(
    "stops a catastrophic regex at the time limit without holding this process's event loop",
    { timeout: 30_000 },
    async () => {
      const started = Date.now();
      let error: unknown;
      const gap = await longestLoopGap(() =>
        evaluateExpression(`$match("${CATASTROPHIC_INPUT}", /(a+)+$/)`, {}).catch((e: unknown) => (error = e)),
      );
      expect((error as Error).message).toBe("The expression ran longer than 2 s and was stopped");
      expect(Date.now() - started).toBeLessThan(8_000);
      expect(gap).toBeLessThan(500); // it was 10 s on the engine's thread
    },
  );

  it("stops an If/Switch `matches` regex that backtracks forever", { timeout: 30_000 }, async () => {
    await expect(
      decideCondition({ value: CATASTROPHIC_INPUT, operator: "matches", compareTo: "(a+)+$" }),
    ).rejects.toThrow('The regular expression "(a+)+$" ran longer than 2 s and was stopped');
    expect(await decideCondition({ value: "order 42", operator: "matches", compareTo: "\\d+$" })).toBe(true);
    await expect(decideCondition({ value: "x", operator: "matches", compareTo: "(" })).rejects.toThrow(/is not valid/);
  });

  it("stops Code running a catastrophic regex at its time limit", { timeout: 30_000 }, async () => {
    const started = Date.now();
    const code = `return /(a+)+$/.test("${CATASTROPHIC_INPUT}${CATASTROPHIC_INPUT}");`;
    await expect(runInSandbox(code, null, { timeMs: 300, memoryBytes: 16 * 2 ** 20 })).rejects.toThrow(
      "The code ran longer than 300 ms and was stopped",
    );
    expect(Date.now() - started).toBeLessThan(6_000);
  });

  it("gives deep recursion in Code a clear error the code itself can catch", { timeout: 30_000 }, async () => {
    const error = await runInSandbox("function down(n) { return down(n + 1) + 1; }\nreturn down(0);", null).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(SandboxError);
    expect((error as Error).message).toBe("The code recursed too deeply (stack overflow) and was stopped");
    await expect(runInSandbox("return eval('['.repeat(100000));", null)).rejects.toThrow(
      /recursed too deeply|stack overflow/,
    );
    expect(
      await runInSandbox(
        "function down(n) { return down(n + 1); }\ntry { down(0); } catch (e) { return 'caught: ' + e.message; }",
        null,
      ),
    ).toBe("caught: stack overflow");
    expect(await runInSandbox("return input * 2;", 21)).toBe(42);
  });

  it("runs its tasks as nobody when the worker is root, never as the worker's user", { timeout: 30_000 }, async () => {
    // Eight tasks at once start every box there is (four at most); each gives up root as it starts, before any task.
    const spin = "const end = Date.now() + 300; while (Date.now() < end) {} return input;";
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => runInSandbox(spin, i)));
    expect(answers).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(boxUsers().length).toBeGreaterThanOrEqual(2);
    // A box still starting (a replacement for one an earlier test killed) is root until it is ready.
    const user = expectedBoxUser();
    await expect
      .poll(() => boxUsers().filter((box) => box.uids.some((uid) => uid !== user)), { timeout: 20_000 })
      .toEqual([]);
  });

  it("does not charge a task for the time it waited for a free box", { timeout: 30_000 }, async () => {
    // Four boxes (the most there are) spin for 2.5 s; the fifth task waits longer than its own 2 s limit, then runs.
    const spinners = Array.from({ length: 4 }, () =>
      runInSandbox("while (true) {}", null, { timeMs: 2_500, memoryBytes: 16 * 2 ** 20 }).catch(
        (e: Error) => e.message,
      ),
    );
    const waiting = runInSandbox("return input + 1;", 1, { timeMs: 2_000, memoryBytes: 16 * 2 ** 20 });
    expect(await waiting).toBe(2);
    expect(await Promise.all(spinners)).toEqual(Array(4).fill("The code ran longer than 2500 ms and was stopped"));
  });

  it("ends the evaluation when the caller's signal aborts, with the caller's reason", { timeout: 30_000 }, async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error("run cancelled")), 200);
    const started = Date.now();
    await expect(
      evaluateInBox(
        { kind: "code", code: "while (true) {}", input: null, timeMs: 10_000, memoryBytes: 16 * 2 ** 20 },
        { subject: "The code", timeMs: 10_000, signal: controller.signal },
      ),
    ).rejects.toThrow("run cancelled");
    expect(Date.now() - started).toBeLessThan(3_000);
  });
});
