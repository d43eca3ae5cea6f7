/**
 * A run's cancel requests, heard by either watcher: the grace, the warning naming the calls cut
 * off, and a database deadline seen before this worker's own timer (the race that once lost the
 * warning). The end-to-end path is in wind-down.integration.test.ts.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { RunEventInput } from "./events";
import type { RunStop } from "./run-stop";
import { trackInFlightCalls, windDown } from "./wind-down";

function windingRun() {
  const controller = new AbortController();
  const notes: RunEventInput[] = [];
  const run = {
    toolCalls: trackInFlightCalls(),
    signal: controller.signal,
    stop: (reason: RunStop) => controller.abort(reason),
    note: (event: RunEventInput) => void notes.push(event),
  };
  const stopped = () => (controller.signal.aborted ? (controller.signal.reason as RunStop).kind : undefined);
  const messages = () => notes.map((event) => event.payload as { level: string; message: string });
  return { run, stopped, messages };
}

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

describe("a run's cancel", () => {
  it("stops as soon as the calls in flight finish, without a warning", () => {
    const { run, stopped, messages } = windingRun();
    const finish = run.toolCalls.begin("wait");
    windDown(run).request(5_000);
    expect(stopped()).toBeUndefined();
    finish();
    expect(stopped()).toBe("cancelled");
    expect(messages()).toEqual([
      { level: "info", message: "Stopping: waiting up to 5 s for 1 tool call (wait) to finish" },
    ]);
  });

  it("cuts the calls off when the grace runs out, naming them", () => {
    const { run, stopped, messages } = windingRun();
    run.toolCalls.begin("wait");
    windDown(run).request(5_000);
    vi.advanceTimersByTime(4_999);
    expect(stopped()).toBeUndefined();
    vi.advanceTimersByTime(1);
    expect(stopped()).toBe("cancelled");
    expect(messages()).toContainEqual({
      level: "warn",
      message: "Teardown forced after 5 s: 1 tool call (wait) still running",
    });
  });

  it("warns the same way when the database deadline is seen before the worker's timer", () => {
    const { run, stopped, messages } = windingRun();
    run.toolCalls.begin("wait");
    const cancel = windDown(run);
    cancel.request(5_000);
    cancel.deadlinePassed();
    expect(stopped()).toBe("cancelled");
    vi.advanceTimersByTime(10_000); // the timer no longer fires a second warning
    expect(messages().filter((line) => line.level === "warn")).toEqual([
      { level: "warn", message: "Teardown forced after 5 s: 1 tool call (wait) still running" },
    ]);
  });

  it("stops at once on a plain request, also after a gentle one", () => {
    const { run, stopped, messages } = windingRun();
    run.toolCalls.begin("wait");
    const cancel = windDown(run);
    cancel.request(30_000);
    cancel.request(0);
    expect(stopped()).toBe("cancelled");
    expect(messages().some((line) => line.level === "warn")).toBe(false);
  });

  it("names the calls it cuts off when only the database flag was heard (the Redis flag was lost)", () => {
    const { run, stopped, messages } = windingRun();
    run.toolCalls.begin("wait");
    windDown(run).deadlinePassed();
    expect(stopped()).toBe("cancelled");
    expect(messages()).toEqual([{ level: "warn", message: "Teardown forced: 1 tool call (wait) still running" }]);
  });
});
