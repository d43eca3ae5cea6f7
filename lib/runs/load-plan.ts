/**
 * A run's definition — its compiled plan and the graph it was started from — read once per process
 * with one plain query, then kept: neither ever changes after the run is created. The tool worker
 * (the plan of a called node), the gateway (the secrets to redact, the tools that need approval)
 * and the run's own worker all ask for it, often in the same process. A worker running a run that
 * hands out tools lends its plan (which its claim returned) to the tool calls it serves meanwhile.
 */
import { sql } from "../db/sql";
import type { CompiledWorkflow } from "../workflow/compile";

export type RunDefinition = { plan: CompiledWorkflow; graph: unknown };

const MAX_CACHED = 500;
const holder = globalThis as unknown as { switchboardRunDefinitions?: Map<string, Promise<RunDefinition | null>> };
const cache = (holder.switchboardRunDefinitions ??= new Map());

async function readDefinition(runId: string): Promise<RunDefinition | null> {
  const [row] = await sql<RunDefinition>`SELECT plan, graph FROM "Run" WHERE id = ${runId}`;
  return row ?? null;
}

/** The run's plan and graph; null when there is no such run (not remembered: it may be about to exist). */
export function loadRunDefinition(runId: string): Promise<RunDefinition | null> {
  const known = cache.get(runId);
  if (known) return known;
  if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value!);
  const loading = readDefinition(runId);
  cache.set(runId, loading);
  loading.then(
    (definition) => definition || cache.delete(runId),
    () => cache.delete(runId),
  );
  return loading;
}

/** Plans of runs this process is running, lent to their tool calls (see lendPlan). */
const lentPlans = ((
  globalThis as unknown as { switchboardLentPlans?: Map<string, CompiledWorkflow> }
).switchboardLentPlans ??= new Map());

export async function loadPlan(runId: string): Promise<CompiledWorkflow | null> {
  return lentPlans.get(runId) ?? (await loadRunDefinition(runId))?.plan ?? null;
}

/**
 * While a run executes here, its tool calls served here read its plan from memory; returns the call that takes it back.
 */
export function lendPlan(runId: string, plan: CompiledWorkflow): () => void {
  lentPlans.set(runId, plan);
  return () => lentPlans.delete(runId);
}
