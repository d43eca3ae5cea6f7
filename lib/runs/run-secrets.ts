/**
 * The secrets a run names — in its nodes' params and its workflow-level MCP servers — which are
 * what must never leave it unredacted: a tool may echo a header back, a model may repeat it, an
 * error may quote it. The run's worker learns them all before its first event (learnRunSecrets);
 * other processes that record for the run (the gateway, approvals, a cancel) share a cached scope
 * per run (runSecrets). A run naming no secret costs neither a query nor a walk of its events.
 */
import type { CompiledWorkflow } from "../workflow/compile";
import { SecretScope } from "../secrets/secret-scope";
import { loadRunDefinition } from "./load-plan";

const KEEP_MS = 60_000;
const MAX_RUNS = 500;
const holder = globalThis as unknown as {
  switchboardRunSecrets?: Map<string, { scope: Promise<SecretScope>; until: number }>;
};
const scopes = (holder.switchboardRunSecrets ??= new Map());

/** MCP Server and MCP Group nodes may name servers declared once in the workflow (graph.mcpServers). */
const namesWorkflowServers = (plan: CompiledWorkflow) =>
  Object.values(plan.nodes).some((node) => node.type.startsWith("mcp."));

/** Every place a run's secret references can be: each node's params and the workflow's MCP servers. */
function secretSources(plan: CompiledWorkflow, graph: unknown): unknown[] {
  return [
    ...Object.values(plan.nodes).map((node) => node.params),
    (graph as { mcpServers?: unknown } | null)?.mcpServers,
  ];
}

/** Teaches the run's own scope every secret the run names (a secret removed since the run started is passed over). */
export async function learnRunSecrets(scope: SecretScope, runId: string, plan: CompiledWorkflow): Promise<void> {
  const graph = namesWorkflowServers(plan) ? (await loadRunDefinition(runId))?.graph : undefined;
  await scope.learn(secretSources(plan, graph));
}

async function resolveRunSecrets(runId: string): Promise<SecretScope> {
  const scope = new SecretScope();
  const run = await loadRunDefinition(runId);
  if (run) await scope.learn(secretSources(run.plan, run.graph));
  return scope;
}

/**
 * The run's secrets, for a process that records for it without running it; kept a minute per run (a run's references
 * never change).
 */
export function runSecrets(runId: string): Promise<SecretScope> {
  const now = Date.now();
  const known = scopes.get(runId);
  if (known && known.until > now) return known.scope;
  if (scopes.size >= MAX_RUNS) scopes.delete(scopes.keys().next().value!);
  const scope = resolveRunSecrets(runId);
  scopes.set(runId, { scope, until: now + KEEP_MS });
  scope.catch(() => scopes.delete(runId));
  return scope;
}
