/**
 * The agent's tool policy (token claims `allowedTools` and `toolAliases`) applied to the tools
 * wired to it: which names it sees, and what a called name resolves to or why it is refused.
 * Pure, so the gateway and its tests share one rule.
 */
import type { SessionClaims } from "./session-token";

export type ToolPolicy = Pick<SessionClaims, "allowedTools" | "toolAliases">;

/** One name the agent may call: a tool under its own name, or under an alias (`aliasOf` = its real name). */
export type PolicyEntry<T> = { name: string; tool: T; aliasOf?: string };

export type ToolResolution<T> = { ok: true; tool: T; name: string; calledAs: string } | { ok: false; reason: string };

type Named = { name: string };

const allowsEverything = (policy: ToolPolicy) => !policy.allowedTools || policy.allowedTools.includes("*");

/** A wired tool is allowed when the list is absent or `*`, names it, or names one of its (non-shadowing) aliases. */
function isAllowed(name: string, policy: ToolPolicy, realNames: ReadonlySet<string>): boolean {
  if (allowsEverything(policy)) return true;
  const allowed = policy.allowedTools!;
  if (allowed.includes(name)) return true;
  return Object.entries(policy.toolAliases ?? {}).some(
    ([alias, target]) => target === name && !realNames.has(alias) && allowed.includes(alias),
  );
}

/** The allowed tools under their own names, then each alias of an allowed tool as an extra entry. */
export function visibleTools<T extends Named>(tools: readonly T[], policy: ToolPolicy): PolicyEntry<T>[] {
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  const realNames = new Set(byName.keys());
  const entries: PolicyEntry<T>[] = tools
    .filter((tool) => isAllowed(tool.name, policy, realNames))
    .map((tool) => ({ name: tool.name, tool }));
  for (const [alias, target] of Object.entries(policy.toolAliases ?? {})) {
    const tool = byName.get(target);
    // A real tool's name always wins over an alias that shadows it.
    if (!tool || realNames.has(alias) || !isAllowed(target, policy, realNames)) continue;
    entries.push({ name: alias, tool, aliasOf: target });
  }
  return entries;
}

/** What a called name reaches: the real tool (also for an alias), or the reason it is refused. */
export function resolveTool<T extends Named>(
  calledAs: string,
  tools: readonly T[],
  policy: ToolPolicy,
): ToolResolution<T> {
  const entry = visibleTools(tools, policy).find((candidate) => candidate.name === calledAs);
  if (entry) return { ok: true, tool: entry.tool, name: entry.tool.name, calledAs };

  const aliasTarget = tools.some((tool) => tool.name === calledAs) ? undefined : policy.toolAliases?.[calledAs];
  const realName = aliasTarget ?? calledAs;
  const wired = tools.some((tool) => tool.name === realName);
  const allowedList = visibleTools(tools, policy)
    .filter((visible) => !visible.aliasOf)
    .map((visible) => visible.name);
  const allowedText = allowedList.length ? allowedList.join(", ") : "none";
  if (aliasTarget && !wired)
    return {
      ok: false,
      reason: `Alias "${calledAs}" points at "${aliasTarget}", which is not available to this agent`,
    };
  if (wired) {
    const what = aliasTarget ? `"${calledAs}" (alias of "${realName}")` : `"${calledAs}"`;
    return { ok: false, reason: `Tool ${what} is not in this agent's allowed tools (allowed: ${allowedText})` };
  }
  return {
    ok: false,
    reason: `Tool "${calledAs}" is not available to this agent: it is not wired to it (available: ${allowedText})`,
  };
}
