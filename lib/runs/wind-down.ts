/**
 * Stopping a run gently, as the Chat panel does when a person switches agents mid-answer: tool
 * calls already running get up to `graceMs` to finish, then the run stops anyway and a warning
 * names the calls it cut off. Nothing new starts meanwhile: the stop lands the moment no call is
 * in flight, before the agent's next model call. A request is heard twice, through the Redis flag
 * (polled) and the database flag (at a lease heartbeat, with the same deadline): both land in one
 * RunCancel, so whichever is first, the run stops the same way and with the same warning.
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

/** Where every cancel request for one run execution lands, whichever watcher heard it first. */
export type RunCancel = {
  /**
   * A request through Redis: stop once in-flight tool calls are done, or after `graceMs` with a warning; 0 stops now.
   */
  request: (graceMs: number) => void;
  /** The database flag's deadline has passed (it carries the same grace): stop now, warning as the timer would have. */
  deadlinePassed: () => void;
};

const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;
const callList = (names: string[]) => `${names.length} tool call${names.length === 1 ? "" : "s"} (${names.join(", ")})`;

export function windDown(run: WindingRun): RunCancel {
  let graceMs: number | undefined;
  let forced: NodeJS.Timeout | undefined;
  const stop = () => run.stop(new RunStop("cancelled", "The run was cancelled")); // its abort clears the timer (below)
  // The grace ran out, by this worker's timer or by the database deadline (a heartbeat may see it first).
  const graceOver = () => {
    if (run.signal.aborted) return;
    const left = run.toolCalls.running();
    if (left.length > 0) {
      const message =
        `Teardown forced${graceMs === undefined ? "" : ` after ${seconds(graceMs)}`}: ` +
        `${callList(left)} still running`;
      console.warn(message);
      run.note({ type: "log", payload: { level: "warn", message } });
    }
    stop();
  };
  run.signal.addEventListener("abort", () => clearTimeout(forced), { once: true });
  return {
    request: (requestedMs) => {
      if (requestedMs <= 0 || run.signal.aborted) return stop();
      if (graceMs !== undefined) return; // a gentle request stands; only a plain one overrides it
      graceMs = requestedMs;
      const inFlight = run.toolCalls.running();
      if (inFlight.length > 0) {
        run.note({
          type: "log",
          payload: {
            level: "info",
            message: `Stopping: waiting up to ${seconds(graceMs)} for ${callList(inFlight)} to finish`,
          },
        });
      }
      forced = setTimeout(graceOver, graceMs);
      run.toolCalls.whenIdle(stop);
    },
    deadlinePassed: graceOver,
  };
}
