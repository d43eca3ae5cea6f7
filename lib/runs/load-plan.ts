/** Reads a run's compiled plan. Plans never change after a run is created, so each process keeps a small cache. */
import { getDb } from "../db/client";
import type { CompiledWorkflow } from "../workflow/compile";

const cache = new Map<string, CompiledWorkflow>();
const MAX_CACHED = 200;

export async function loadPlan(runId: string): Promise<CompiledWorkflow | null> {
  const cached = cache.get(runId);
  if (cached) return cached;
  const run = await getDb().run.findUnique({ where: { id: runId }, select: { plan: true } });
  if (!run) return null;
  const plan = run.plan as unknown as CompiledWorkflow;
  if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value!);
  cache.set(runId, plan);
  return plan;
}
