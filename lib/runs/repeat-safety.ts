/**
 * What a resume may do with a node its worker was running when it died, worked out from what the
 * node does. Two different properties:
 * - harmless to repeat: running it again from the start does no harm (a GET, a model call, pure
 *   data work). A node with a `tools` handle is so only when its own work is and every tool wired
 *   into it is too: an Agent with a Run Command tool is not.
 * - resumable from records: it need not start over, because it goes on from what it recorded (an
 *   agent's steps and completed calls, a Loop's finished items, a Workflow Tool's child run).
 * A node that is neither fails the run naming it rather than run twice.
 */
import { getComponent } from "../nodes";
import type { CompiledNode, CompiledWorkflow } from "../workflow/compile";

/**
 * Judgements already made, by the node's type, mode and params: every run of a workflow asks about the same nodes
 * (each node's start, each tool call), and checking a tool-mode node's params (which fail: the agent fills them) cost
 * more than the rest of the question.
 */
const judged = new Map<string, boolean>();
const MAX_JUDGED = 1_000;

/**
 * What the component declares about its own work, judged with the node's params. A tool-mode node
 * lacks the inputs the agent fills (an HTTP tool's URL), so its params are judged as set, over the defaults.
 */
function ownWorkHarmlessToRepeat(node: CompiledNode): boolean {
  const component = getComponent(node.type);
  const declared = component?.harmlessToRepeat;
  if (typeof declared !== "function") return declared === true;
  const key = `${node.type}\n${node.mode}\n${JSON.stringify(node.params)}`;
  const known = judged.get(key);
  if (known !== undefined) return known;
  const given = { ...component!.defaults, ...node.params };
  const parsed = component!.params.safeParse(given);
  const harmless = parsed.success
    ? declared(parsed.data)
    : node.mode === "tool" && declared(given as Parameters<typeof declared>[0]);
  if (judged.size >= MAX_JUDGED) judged.delete(judged.keys().next().value!);
  judged.set(key, harmless);
  return harmless;
}

/**
 * Whether running the node again from the start does no harm: its own work, and everything wired
 * into its `tools` handle (a tool that is in no plan counts as harmful).
 */
export function isHarmlessToRepeat(plan: CompiledWorkflow, node: CompiledNode): boolean {
  if (!ownWorkHarmlessToRepeat(node)) return false;
  return node.connectedToolNodeIds.every((toolNodeId) => {
    const toolNode = plan.nodes[toolNodeId];
    return toolNode !== undefined && ownWorkHarmlessToRepeat(toolNode);
  });
}

/** Whether the node goes on from its own records after its worker died, instead of starting over. */
export const isResumableFromRecords = (node: CompiledNode): boolean =>
  getComponent(node.type)?.resumableFromRecords === true;

/** Whether a resume may run the node again (from the start, or from its records); otherwise the run fails naming it. */
export const mayRunAgainAfterCrash = (plan: CompiledWorkflow, node: CompiledNode): boolean =>
  isResumableFromRecords(node) || isHarmlessToRepeat(plan, node);

/**
 * Whether a call of this tool node that the worker's death cut off may be sent again: the tool is
 * harmless to repeat, or it re-attaches to what the first call started (a Workflow Tool's child run).
 */
export const maySendToolCallAgain = (plan: CompiledWorkflow, toolNode: CompiledNode): boolean =>
  isResumableFromRecords(toolNode) || isHarmlessToRepeat(plan, toolNode);
