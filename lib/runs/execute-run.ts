/**
 * Executes a run on this worker: claims it (or takes over one whose worker stopped, resuming from
 * its event log), runs its nodes as their inputs become ready, and ends it through finishRun()
 * however it ends — completed, a node failed, cancelled, timed out — or suspends it when what is
 * left waits (suspend-run.ts; woken, it resumes like a run taken over). A worker shutting down hands
 * the run back (its lease released, the job retried elsewhere); a worker that lost its lease
 * stops without writing anything.
 */
import type { CompiledWorkflow } from "../workflow/compile";
import { markRunLive } from "../gateway/run-liveness";
import { registryKey, REGISTRY_TTL_SECONDS } from "../registry/registry";
import { startErrorWorkflow } from "./error-workflow";
import { finishRun, type Ending, type RunOutcome } from "./finish-run";
import { callsGateway, isSuspension, unloggedSteps } from "./execute-node";
import { runObservedNode } from "./observed-node";
import { observeMetric } from "../metrics/metrics";
import { RUN_ID, WORKFLOW_ID } from "../telemetry/gen-ai";
import { contextFrom, inSpan, SpanKind } from "../telemetry/spans";
import { mayRunAgainAfterCrash } from "./repeat-safety";
import type { LeaseKeeper } from "./lease-keeper";
import { lendPlan } from "./load-plan";
import { restoreTestRunSeeds } from "./partial-run";
import { listEvents } from "./read-events";
import { resumeState, type ResumeState } from "./resume-state";
import { createRunContext, type RunContext } from "./run-context";
import { learnRunSecrets } from "./run-secrets";
import { watchCancellation } from "./run-cancellation";
import { windDown } from "./wind-down";
import { cancelWasRequested, claimRun, releaseLease, type ClaimedRun } from "./run-lease";
import { claimWithinLimit, wakeQueuedRuns } from "./run-gate";
import { NodeFailure, RunStop } from "./run-stop";
import { scheduleNodes } from "./schedule-nodes";
import { nothingRanReason } from "./skip-rule";
import { suspendRun } from "./suspend-run";
import type { RedisClient } from "../queue/redis";

export type RunServices = {
  redis: RedisClient;
  leases: LeaseKeeper;
  /** Aborts when the worker stops taking work and must hand running runs back. */
  shutdown: AbortSignal;
  /** How many nodes of one run may execute at once. */
  nodeConcurrency: number;
};

/** Thrown so BullMQ retries the job elsewhere: this worker is shutting down mid-run. */
export class RunHandedBack extends Error {}

/**
 * The run's result: its Output nodes' values, or else the outputs nobody consumed — of the nodes that ran (not
 * skipped).
 */
function runOutput(plan: CompiledWorkflow, { outputs, skipped }: Pick<RunContext, "outputs" | "skipped">): unknown {
  const ran = plan.outputNodeIds.filter((id) => !skipped.has(id));
  const sinks = ran.map(
    (id) => [plan.nodes[id].label, plan.outputsNamed ? outputs.get(id)?.value : outputs.get(id)] as const,
  );
  if (sinks.length === 0) return null;
  return sinks.length === 1 ? sinks[0][1] : Object.fromEntries(sinks);
}

/**
 * Whether anything in the plan talks to the gateway: a tool-mode node, wired tools, or a node that hands out a token.
 * Runs without skip the token and registry bookkeeping.
 */
export function usesGateway(plan: CompiledWorkflow): boolean {
  return Object.values(plan.nodes).some((node) => node.mode === "tool" || callsGateway(node));
}

/** A run that may not start yet: its workflow is at its maxConcurrentRuns (run-gate.ts). */
export type RunLimited = { limitedBy: string };

/** Claims the run, waiting out the lease of a worker that stopped but whose lease has not lapsed yet. */
async function claim(runId: string, owner: string): Promise<ClaimedRun | RunLimited | null> {
  for (let tries = 0; tries < 3; tries++) {
    let result = await claimRun(runId, owner);
    if (!result.ok && result.reason === "limited") result = await claimWithinLimit(runId, result.workflowId, owner);
    if (result.ok) return result.run;
    if (result.reason === "limited") return { limitedBy: result.workflowId };
    if (result.reason !== "leased") return null; // unknown, or already ended (cancelled while queued, say)
    await new Promise((resolve) => setTimeout(resolve, Math.max(100, result.leaseUntil.getTime() - Date.now() + 250)));
  }
  throw new Error(`Run ${runId} is still leased by a live worker`);
}

/**
 * A node in flight every time a worker died this often is not run again: it is what kills them (a crash loop
 * otherwise).
 */
export const MAX_WORKER_DEATHS_PER_NODE = 2;

/** The failure of a run whose worker died again while the same node ran, if that is what happened. */
function crashLoopFailure(ctx: RunContext, state: ResumeState, afterCrash: boolean): RunOutcome | undefined {
  if (!afterCrash) return undefined;
  const poison = state.inFlight.find(
    (nodeId) => (state.crashesWhileRunning.get(nodeId) ?? 0) + 1 >= MAX_WORKER_DEATHS_PER_NODE,
  );
  if (!poison) return undefined;
  const label = ctx.plan.nodes[poison].label;
  return {
    status: "failed",
    error: `The worker stopped ${MAX_WORKER_DEATHS_PER_NODE} times while "${label}" was running; it is not run again`,
    nodeId: poison,
  };
}

/**
 * Replays the log: restores finished nodes' outputs, and decides what a node cut off mid-way means. Returns an outcome
 * when the run must end now.
 */
async function resume(ctx: RunContext, { afterCrash, woken }: ClaimedRun): Promise<RunOutcome | { done: Set<string> }> {
  const state = resumeState(ctx.plan, await listEvents(ctx.runId), unloggedSteps(ctx));
  if (state.terminal?.type === "run.completed") return { status: "completed", output: state.terminal.payload.output };
  if (state.terminal?.type === "run.failed") return { status: "failed", error: state.terminal.payload.error };
  if (state.terminal?.type === "run.cancelled") return { status: "cancelled" };
  if (state.failed) return { status: "failed", error: state.failed.error };
  // In flight: run again if that is harmless, or if the node goes on from its records (an agent, a Loop).
  const unsafe = state.inFlight.find((nodeId) => !mayRunAgainAfterCrash(ctx.plan, ctx.plan.nodes[nodeId]));
  if (unsafe) {
    const label = ctx.plan.nodes[unsafe].label;
    return {
      status: "failed",
      error: `The worker stopped while "${label}" was running, and running it again is not safe`,
      nodeId: unsafe,
    };
  }
  const crashLoop = crashLoopFailure(ctx, state, afterCrash);
  if (crashLoop) return crashLoop;
  for (const [nodeId, output] of state.completed) ctx.outputs.set(nodeId, output);
  for (const nodeId of state.skipped) ctx.skipped.add(nodeId);
  await ctx.emit({
    type: "run.resumed",
    payload: {
      attempt: ctx.attempt,
      completedNodeIds: [...state.completed.keys()],
      retriedNodeIds: state.inFlight,
      afterCrash,
      ...(woken ? { woken } : {}),
    },
  });
  return { done: new Set([...state.completed.keys(), ...state.skipped]) };
}

function outcomeOf(ctx: RunContext, error: unknown): RunOutcome | "lease-lost" | "shutdown" {
  const stop = ctx.stopReason();
  if (stop?.kind === "lease-lost" || stop?.kind === "shutdown") return stop.kind;
  if (stop?.kind === "cancelled") return { status: "cancelled" };
  if (stop?.kind === "timeout" || stop?.kind === "budget") return { status: "failed", error: stop.message };
  if (error instanceof NodeFailure) return { status: "failed", error: error.message, nodeId: error.nodeId };
  return { status: "failed", error: error instanceof Error ? error.message : String(error) };
}

/**
 * A node that fails while its run is being cancelled (a Workflow Tool whose child was cancelled with
 * the run, before this worker saw the request) does not make the run "failed": it ends cancelled.
 */
async function settledOutcome(ctx: RunContext, error: unknown): Promise<ReturnType<typeof outcomeOf>> {
  const outcome = outcomeOf(ctx, error);
  const failed = typeof outcome === "object" && outcome.status === "failed";
  const stoppedBySelf = ctx.stopReason()?.kind === "timeout" || ctx.stopReason()?.kind === "budget";
  if (failed && !stoppedBySelf && (await cancelWasRequested(ctx.runId))) return { status: "cancelled" };
  return outcome;
}

/**
 * Runs the run to its end ("done", also when there was nothing to do), or answers that its workflow is at its limit.
 * A run already executing in this process is not executed again: its second job waits for that execution's end.
 */
export function executeRun(services: RunServices, runId: string, traceparent?: string): Promise<"done" | RunLimited> {
  return services.leases.once(runId, () => claimAndExecute(services, runId, traceparent));
}

async function claimAndExecute(
  services: RunServices,
  runId: string,
  traceparent?: string,
): Promise<"done" | RunLimited> {
  const run = await claim(runId, services.leases.owner);
  if (!run) return "done";
  if ("limitedBy" in run) return run;
  try {
    const attributes = { [RUN_ID]: runId, [WORKFLOW_ID]: run.workflowId, "switchboard.run.attempt": run.attempt };
    const parent = contextFrom(traceparent);
    await inSpan("run", { kind: SpanKind.CONSUMER, attributes, parent }, () => executeClaimed(services, run));
  } finally {
    // Its slot is free (unless it was handed back): the next queued run of a limited workflow may start.
    const limited = (run.plan as CompiledWorkflow).maxConcurrentRuns !== undefined;
    if (limited)
      void wakeQueuedRuns(run.workflowId).catch((error) =>
        console.warn(`run ${runId}: could not wake queued runs: ${(error as Error).message}`),
      );
  }
  return "done";
}

async function executeClaimed(services: RunServices, run: ClaimedRun): Promise<void> {
  const { redis, leases } = services;
  const ctx = createRunContext(redis, run, leases.owner, services.shutdown);
  const gateway = usesGateway(ctx.plan);
  const letGo = holdWhileRunning(services, run, ctx, gateway);
  const ending: Ending = {
    runId: run.id,
    workflowId: run.workflowId,
    redis,
    emit: ctx.emit,
    startedAt: ctx.startedAt,
    redactText: (text: string) => ctx.secrets.redactText(text),
    usesGateway: gateway,
    onFailed: (failure) =>
      startErrorWorkflow({ runId: run.id, workflowId: run.workflowId, trigger: ctx.trigger, ...failure }),
    metered: ctx.trigger?.kind !== "evaluation",
  };
  const finish = (outcome: RunOutcome) => finishRun(ending, leases.owner, outcome);
  try {
    const outcome = await walkRun(services, run, ctx, gateway);
    if (outcome) await finish(outcome);
  } catch (error) {
    const outcome = await settledOutcome(ctx, error);
    if (outcome === "lease-lost") return;
    if (outcome === "shutdown") {
      await releaseLease(run.id, leases.owner);
      throw new RunHandedBack(`Run ${run.id} handed back: the worker is shutting down`);
    }
    await finish(outcome);
  } finally {
    ctx.dispose();
    letGo();
  }
}

/**
 * What a run holds while this worker runs it: its lease, a watch for a cancel, its timeout, and with
 * the gateway, its plan lent to the gateway and its registry kept alive. Returns the letting go.
 */
function holdWhileRunning(services: RunServices, run: ClaimedRun, ctx: RunContext, gateway: boolean): () => void {
  const { redis, leases } = services;
  const runId = run.id;
  const cancel = windDown(ctx);
  const release = leases.hold(runId, { stop: ctx.stop, cancelDue: cancel.deadlinePassed });
  const cancellation = watchCancellation(redis, runId, cancel.request);
  const timeout = `The run took longer than its timeout of ${ctx.plan.runTimeoutSeconds ?? 3600} s`;
  const deadline = setTimeout(
    () => ctx.stop(new RunStop("timeout", timeout)),
    Math.max(0, run.deadlineAt.getTime() - Date.now()),
  );
  const returnPlan = gateway ? lendPlan(runId, ctx.plan) : undefined;
  const keepAlive = () =>
    void Promise.all([redis.expire(registryKey(runId), REGISTRY_TTL_SECONDS), markRunLive(redis, runId)]).catch(
      () => undefined,
    );
  const keepRegistry = gateway ? setInterval(keepAlive, 60_000) : undefined;
  return () => {
    release();
    cancellation.stop();
    clearTimeout(deadline);
    clearInterval(keepRegistry);
    returnPlan?.();
  };
}

/**
 * Starts or resumes the run and schedules its nodes. Returns how it ended, or nothing when it was
 * suspended (waits) or already finished while resuming.
 */
async function walkRun(
  services: RunServices,
  run: ClaimedRun,
  ctx: RunContext,
  gateway: boolean,
): Promise<RunOutcome | undefined> {
  // before the first event: what comes back is redacted from the start
  await learnRunSecrets(ctx.secrets, run.id, ctx.plan);
  if (gateway) await markRunLive(services.redis, run.id);
  let done = new Set<string>();
  if (run.resumed) {
    const resumed = await resume(ctx, run);
    if ("status" in resumed) return resumed;
    done = resumed.done;
  } else {
    ctx.note({ type: "run.started", payload: {} });
    observeMetric("queueWait", { queue: "runs" }, (run.startedAt.getTime() - run.createdAt.getTime()) / 1000);
    if (ctx.trigger?.test) done = restoreTestRunSeeds(ctx, await listEvents(run.id)); // partial-run.ts
  }
  if (run.cancelRequested) return { status: "cancelled" };
  const parked = await scheduleNodes(ctx.plan, done, (nodeId, signal) => runObservedNode(ctx, nodeId, signal), {
    concurrency: services.nodeConcurrency,
    signal: ctx.signal,
    isParked: isSuspension,
  });
  ctx.signal.throwIfAborted(); // a cancel that lands as the last node finishes still wins
  if (parked.length > 0) {
    return (await suspendRun(ctx, parked, gateway)) === "cancel-requested" ? { status: "cancelled" } : undefined;
  }
  const idle = nothingRanReason(ctx.plan, ctx.skipped);
  if (idle) return { status: "failed", error: idle };
  return { status: "completed", output: runOutput(ctx.plan, ctx) };
}
