/**
 * Everything one execution of a run needs, in one object instead of a row of parameters: the plan
 * and input, where events go (with secrets redacted), the run's signal and why it stopped, and the
 * worker's lease on it.
 */
import type { NodeOutput } from "../nodes/types";
import { SecretScope } from "../secrets/secret-scope";
import { readVariables } from "../variables/variables";
import type { CompiledWorkflow } from "../workflow/compile";
import type { ClaimedRun } from "./run-lease";
import { createEventRecorder, type EventRecorder, type RunRecorder } from "./record-event";
import { RunStop } from "./run-stop";
import { RunTrigger } from "./run-trigger";
import { trackInFlightCalls, type InFlightCalls } from "./wind-down";
import type { RedisClient } from "../queue/redis";

export type RunContext = {
  runId: string;
  workflowId: string;
  plan: CompiledWorkflow;
  input: unknown;
  /** What started the run; null for runs from before triggers. */
  trigger: RunTrigger | null;
  redis: RedisClient;
  /** The worker holding the run's lease; every ending is fenced by it. */
  owner: string;
  attempt: number;
  startedAt: number;
  /** What the run's model calls have cost so far, in US dollars (model-spend.ts keeps it and the budget). */
  spend: { usd: number };
  secrets: SecretScope;
  /** The variables (lib/variables) as they are when a node first asks, read once per execution. */
  variables: () => Promise<Record<string, string>>;
  /** Records an event with the run's secrets redacted (and notes, and ends the run: RunRecorder). */
  emit: RunRecorder;
  /**
   * Records an event without waiting for it: it is stored with the next awaited one (a checkpoint), or within
   * NOTE_FLUSH_MS.
   */
  note: (event: Parameters<EventRecorder>[0]) => void;
  /** Outputs of the nodes done so far (restored from the log when resuming). */
  outputs: Map<string, NodeOutput>;
  /** Nodes skipped because their branch was not taken (skip-rule.ts). */
  skipped: Set<string>;
  /** Tool calls under way in this worker, so a gentle cancel can wait for them (wind-down.ts). */
  toolCalls: InFlightCalls;
  /** Aborts when the run must stop early; its reason is a RunStop. */
  signal: AbortSignal;
  stop: (reason: RunStop) => void;
  /** Why the run stopped early, if it did. */
  stopReason: () => RunStop | undefined;
  /** Lets go of the worker's shutdown signal once this execution is over. */
  dispose: () => void;
};

export function createRunContext(
  redis: RedisClient,
  run: ClaimedRun,
  owner: string,
  shutdown: AbortSignal,
): RunContext {
  const secrets = new SecretScope();
  // The recorder redacts every event, and the run's ending, with the run's secrets (learned before its first event:
  // execute-run.ts).
  const emit = createEventRecorder(redis, run.id, { secrets: () => secrets });
  const controller = new AbortController();
  const stop = (reason: RunStop) => {
    if (!controller.signal.aborted) controller.abort(reason);
  };
  const onShutdown = () => stop(new RunStop("shutdown", "The worker is shutting down"));
  if (shutdown.aborted) onShutdown();
  else shutdown.addEventListener("abort", onShutdown, { once: true });
  let variables: Promise<Record<string, string>> | undefined;
  return {
    runId: run.id,
    workflowId: run.workflowId,
    plan: run.plan as CompiledWorkflow,
    input: run.input ?? undefined,
    trigger: RunTrigger.safeParse(run.trigger).data ?? null,
    redis,
    owner,
    attempt: run.attempt,
    startedAt: run.startedAt.getTime(),
    spend: { usd: run.costUsd },
    secrets,
    variables: () => (variables ??= readVariables(run.workflowId)),
    emit,
    note: emit.note,
    outputs: new Map(),
    skipped: new Set(),
    toolCalls: trackInFlightCalls(),
    signal: controller.signal,
    stop,
    stopReason: () => (controller.signal.aborted ? (controller.signal.reason as RunStop) : undefined),
    dispose: () => shutdown.removeEventListener("abort", onShutdown),
  };
}
