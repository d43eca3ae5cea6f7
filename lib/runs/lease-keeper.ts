/**
 * One per worker process: renews the leases of every run the process executes in one statement per
 * heartbeat, and stops a run whose lease was taken over (fencing) or that someone cancelled (the
 * database flag, which outlives a Redis restart; the Redis flag is watched faster, run-cancellation.ts).
 * It also knows which runs the process is executing, so a run's job handed to it again while the run
 * still executes here (BullMQ thought the job stalled: the process was too busy to renew its lock in
 * time) joins that execution instead of running the run a second time beside it.
 */
import { HEARTBEAT_MS, renewLeases } from "./run-lease";
import { RunStop } from "./run-stop";

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
    this.timer = setInterval(() => void this.beat(), HEARTBEAT_MS);
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

  private async beat(): Promise<void> {
    const runIds = [...this.held.keys()];
    if (runIds.length === 0) return;
    let answer;
    try {
      answer = await renewLeases(this.owner, runIds);
    } catch (error) {
      // The database is away: keep running; if it stays away the leases lapse and others resume.
      this.log(
        `[leases] could not renew ${runIds.length} run lease(s): ` +
          `${error instanceof Error ? error.message : String(error)}`,
      );
      return;
    }
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
