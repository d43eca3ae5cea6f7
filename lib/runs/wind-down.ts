/**
 * Stopping a run gently, as the Chat panel does when a person switches agents mid-answer: tool
 * calls already running get up to `graceMs` to finish, then the run stops anyway and a warning
 * names the calls it cut off. Nothing new starts meanwhile: the stop lands the moment no call is
 * in flight, before the agent's next model call.
 */
import type { RunEventInput } from "./events";
import { RunStop } from "./run-stop";

/** The tool calls a run's nodes have under way in this worker. */
export type InFlightCalls = {
  /** Marks a call as running; the returned function marks it finished. */
  begin: (toolName: string) => () => void;
  /** The names of the calls still running. */
  running: () => string[];
  /** Calls `idle` once no call is running (at once when none is). */
  whenIdle: (idle: () => void) => void;
};

export function trackInFlightCalls(): InFlightCalls {
  const running = new Map<number, string>();
  let nextId = 0;
  let waiting: Array<() => void> = [];
  const settle = () => {
    if (running.size > 0) return;
    const idle = waiting;
    waiting = [];
    idle.forEach((call) => call());
  };
  return {
    begin: (toolName) => {
      const id = nextId++;
      running.set(id, toolName);
      return () => void (running.delete(id) && settle());
    },
    running: () => [...running.values()],
    whenIdle: (idle) => {
      waiting.push(idle);
      settle();
    },
  };
}

type WindingRun = {
  toolCalls: InFlightCalls;
  signal: AbortSignal;
  stop: (reason: RunStop) => void;
  note: (event: RunEventInput) => void;
};

const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;
const callList = (names: string[]) => `${names.length} tool call${names.length === 1 ? "" : "s"} (${names.join(", ")})`;

/** Cancels the run once its in-flight tool calls are done, or after `graceMs` with a warning; graceMs 0 cancels at once. */
export function windDown(run: WindingRun, graceMs: number): void {
  const stop = () => run.stop(new RunStop("cancelled", "The run was cancelled"));
  if (graceMs <= 0 || run.signal.aborted) return stop();
  const inFlight = run.toolCalls.running();
  if (inFlight.length > 0) {
    run.note({ type: "log", payload: { level: "info", message: `Stopping: waiting up to ${seconds(graceMs)} for ${callList(inFlight)} to finish` } });
  }
  const forced = setTimeout(() => {
    const left = run.toolCalls.running();
    const message = `Teardown forced after ${seconds(graceMs)}: ${callList(left)} still running`;
    console.warn(message);
    run.note({ type: "log", payload: { level: "warn", message } });
    stop();
  }, graceMs);
  run.signal.addEventListener("abort", () => clearTimeout(forced), { once: true });
  run.toolCalls.whenIdle(() => {
    clearTimeout(forced);
    stop();
  });
}
