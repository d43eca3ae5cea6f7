/**
 * The secrets a run's nodes name, resolved at the gateway so what it records (tool arguments and
 * results, in events and the audit trail) is redacted the same way the worker redacts its own
 * events: a scripted or leaky model may put a secret's value in a call, and a tool may echo it.
 * A run's references never change, so each web process keeps the scope a minute per run.
 */
import { loadRunDefinition } from "../runs/load-plan";
import { SecretScope } from "../secrets/secret-scope";

const KEEP_MS = 60_000;
const MAX_RUNS = 500;
const holder = globalThis as unknown as { switchboardRunSecrets?: Map<string, { scope: Promise<SecretScope>; until: number }> };
const scopes = (holder.switchboardRunSecrets ??= new Map());

async function resolveRunSecrets(runId: string): Promise<SecretScope> {
  const scope = new SecretScope();
  const run = await loadRunDefinition(runId);
  if (!run) return scope;
  const plan = run.plan;
  const sources: unknown[] = [...Object.values(plan.nodes).map((node) => node.params), (run.graph as { mcpServers?: unknown } | null)?.mcpServers];
  // A secret removed since the run started cannot be in its calls either: skip what does not resolve.
  await Promise.all(sources.map((params) => scope.resolveParams(params ?? {}).catch(() => undefined)));
  return scope;
}

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
