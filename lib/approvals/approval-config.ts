/**
 * Which tool-mode nodes of a run require human approval, and how long a call waits, read from the
 * graph the run was started with (it never changes, so each process caches it per run).
 */
import { loadRunDefinition } from "../runs/load-plan";
import { isInScope, type RegisteredTool } from "../registry/registry";
import { WorkflowGraph } from "../workflow/graph";
import { DEFAULT_APPROVAL_TIMEOUT_SECONDS } from "../workflow/constants";

export type ApprovalRule = { timeoutSeconds: number };

const cache = new Map<string, Map<string, ApprovalRule>>();
const MAX_CACHED = 200;

async function approvalRules(runId: string): Promise<Map<string, ApprovalRule>> {
  const cached = cache.get(runId);
  if (cached) return cached;
  const run = await loadRunDefinition(runId);
  const graph = WorkflowGraph.safeParse(run?.graph);
  const rules = new Map<string, ApprovalRule>();
  for (const node of graph.success ? graph.data.nodes : []) {
    const config = node.data.toolConfig;
    if (node.data.mode === "tool" && config?.requiresApproval) {
      rules.set(node.id, { timeoutSeconds: config.approvalTimeoutSeconds ?? DEFAULT_APPROVAL_TIMEOUT_SECONDS });
    }
  }
  if (!run) return rules; // not cached: the run may simply not exist yet
  if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value!);
  cache.set(runId, rules);
  return rules;
}

/**
 * The rule for a registered tool's node (a group's servers follow their group node), or null when calls go straight
 * through.
 */
export async function approvalRuleFor(
  runId: string,
  tool: Pick<RegisteredTool, "nodeId" | "groupNodeId">,
): Promise<ApprovalRule | null> {
  for (const [nodeId, rule] of await approvalRules(runId)) if (isInScope(tool, [nodeId])) return rule;
  return null;
}
