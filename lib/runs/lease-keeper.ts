/**
 * One per worker process: renews the leases of every run the process executes at each heartbeat, in statements of
 * RENEWAL_SLICE runs, and stops a run whose lease was taken over (fencing) or that someone cancelled (the
 * database flag, which outlives a Redis restart; the Redis flag is watched faster, run-cancellation.ts).
 * It also knows which runs the process is executing, so a run's job handed to it again while the run
 * still executes here (BullMQ thought the job stalled: the process was too busy to renew its lock in
 * time) joins that execution instead of running the run a second time beside it.
 */
import { HEARTBEAT_MS, renewLeases } from "./run-lease";
import { RunStop } from "./run-stop";

/**
 * How many runs' leases one statement renews. A statement holds its rows' locks until it commits, and a statement
 * storing those runs' events waits for them: renewing 1,000 runs at once held them for 300–400 ms on a loaded
 * machine, and every event batch of a waiting agent with them.
 */
export const RENEWAL_SLICE = 100;

/** A run this worker executes: how to stop it when its lease is lost, and what to do when its cancel is due. */
export type HeldRun = { stop: (reason: RunStop) => void; cancelDue: () => void };

export class LeaseKeeper {
  private readonly held = new Map<string, HeldRun>();
  private readonly executing = new Map<string, Promise<unknown>>();
  private readonly timer: NodeJS.Timeout;

  constructor(
    readonly owner: string,
    private readonly log: (message: string) => void = console.error,
  ) {
    this.timer = setInterval(() => void this.renew(), HEARTBEAT_MS);
    this.timer.unref();
  }

  /** Keeps `runId`'s lease alive until the returned release is called; `run` hears why it must end early. */
  hold(runId: string, run: HeldRun): () => void {
    this.held.set(runId, run);
    return () => this.held.delete(runId);
  }

  /** Runs `execute`, unless `runId` already executes in this process: then answers how that execution ends. */
  once<T>(runId: string, execute: () => Promise<T>): Promise<T> {
    const running = this.executing.get(runId) as Promise<T> | undefined;
    if (running) return running;
    const execution = execute().finally(() => this.executing.delete(runId));
    this.executing.set(runId, execution);
    return execution;
  }

  /** The heartbeat: renews every held run's lease, a slice at a time, in id order (as event statements lock rows). */
  async renew(): Promise<void> {
    const runIds = [...this.held.keys()].sort();
    for (let start = 0; start < runIds.length; start += RENEWAL_SLICE) {
      try {
        await this.renewSlice(runIds.slice(start, start + RENEWAL_SLICE));
      } catch (error) {
        // The database is away: keep running; if it stays away the leases lapse and others resume.
        this.log(
          `[leases] could not renew ${runIds.length - start} run lease(s): ` +
            `${error instanceof Error ? error.message : String(error)}`,
        );
        return;
      }
    }
  }

  private async renewSlice(runIds: string[]): Promise<void> {
    const answer = await renewLeases(this.owner, runIds);
    for (const runId of runIds) {
      const run = this.held.get(runId);
      if (!run) continue;
      if (!answer.kept.has(runId)) run.stop(new RunStop("lease-lost", `Run ${runId} is now owned by another worker`));
      else if (answer.cancelRequested.has(runId)) run.cancelDue();
    }
  }

  close(): void {
    clearInterval(this.timer);
  }
}
