/**
 * A node's checkpoints (ExecuteContext.checkpoints): what it recorded before its worker died, read
 * back from the run's event log when the run resumes — a Loop's finished items, a model node's
 * steps, the tool calls the gateway saw it make — and whether a call cut off mid-way may be sent
 * again. On a run's first attempt there is nothing to read.
 */
import type { NodeCheckpoints, RecordedConversation, RecordedStep } from "../nodes/types";
import { listRegisteredTools, isInScope } from "../registry/registry";
import { exposeTools } from "../tools/tool-kinds";
import type { CompiledNode } from "../workflow/compile";
import type { RunEvent, ToolCallRecord } from "./events";
import { listEvents } from "./read-events";
import { maySendToolCallAgain } from "./repeat-safety";
import type { RunContext } from "./run-context";

/** The node's events of this run since its latest try began (data.retry starts a try afresh). */
function latestTryEvents(events: readonly RunEvent[], nodeId: string): RunEvent[] {
  const ofNode = events.filter((event) => (event.payload as { nodeId?: string }).nodeId === nodeId);
  const lastRetry = ofNode.findLastIndex((event) => event.type === "node.retrying");
  return ofNode.slice(lastRetry + 1);
}

/** The plan node whose tool the model called by this name (an alias of the node's, or an MCP server's tool). */
async function toolNodeNamed(ctx: RunContext, node: CompiledNode, toolName: string): Promise<CompiledNode | undefined> {
  const aliases = (node.params.aliases ?? {}) as Record<string, string>;
  const name = aliases[toolName] ?? toolName;
  const registered = (await listRegisteredTools(ctx.redis, ctx.runId)).filter((tool) =>
    isInScope(tool, node.connectedToolNodeIds),
  );
  const exposed = exposeTools(registered).find((tool) => tool.name === name);
  if (!exposed) return undefined;
  return ctx.plan.nodes[exposed.registered.groupNodeId ?? exposed.nodeId] ?? ctx.plan.nodes[exposed.nodeId];
}

function conversationOf(ctx: RunContext, node: CompiledNode, events: RunEvent[]): RecordedConversation {
  const steps: RecordedStep[] = [];
  const completedCalls = new Map<string, ToolCallRecord>();
  const startedCalls = new Set<string>();
  for (const event of events) {
    if (event.type === "agent.step") steps.push(event.payload);
    else if (event.type === "tool.call.started") startedCalls.add(event.payload.callId);
    else if (event.type === "tool.call.completed") {
      startedCalls.add(event.payload.callId);
      completedCalls.set(event.payload.callId, event.payload);
    }
  }
  const maySendAgain = async (toolName: string) => {
    const toolNode = await toolNodeNamed(ctx, node, toolName);
    return toolNode !== undefined && maySendToolCallAgain(ctx.plan, toolNode);
  };
  return { steps, completedCalls, startedCalls, maySendAgain };
}

export function nodeCheckpoints(ctx: RunContext, node: CompiledNode): NodeCheckpoints {
  let recorded: Promise<RunEvent[]> | undefined;
  const ownEvents = () =>
    (recorded ??= ctx.attempt <= 1 ? Promise.resolve([]) : listEvents(ctx.runId).then((all) => all));
  return {
    load: async () => {
      const found = new Map<number, { ok: boolean; result?: unknown; error?: string }>();
      for (const event of await ownEvents())
        if (event.type === "loop.item" && event.payload.nodeId === node.id)
          found.set(event.payload.index, event.payload);
      return found;
    },
    save: (index, outcome) => ctx.note({ type: "loop.item", payload: { nodeId: node.id, index, ...outcome } }),
    loadConversation: async () => conversationOf(ctx, node, latestTryEvents(await ownEvents(), node.id)),
  };
}
