/**
 * An LLM judge may borrow the model of one of the workflow's Agent or LLM nodes (`modelNode`: its id): the node's
 * provider, model, base URL and API key (a secret reference, resolved only in the worker), with the judge's own
 * `model` settings laid over them. Resolved against the graph the evaluation runs, when it starts; a node id that is
 * missing or not a model node is refused there, named. Pure.
 */
import { modelParams } from "../agent/model-params";
import type { WorkflowGraph } from "../workflow/graph";
import type { EvaluatorConfig } from "./evaluators/kinds";
import { judgeModelProblem } from "./judge-model";

const MODEL_NODE_TYPES = new Set(["core.agent", "core.llm"]);
const MODEL_KEYS = Object.keys(modelParams);

export type ResolvedJudges = { ok: true; evaluators: EvaluatorConfig[] } | { ok: false; message: string };

/** The model settings of the node, or what is wrong with the reference. */
function nodeModel(graph: WorkflowGraph, nodeId: string): Record<string, unknown> | string {
  const node = graph.nodes.find((candidate) => candidate.id === nodeId);
  if (!node) return `the workflow has no node "${nodeId}"`;
  if (!MODEL_NODE_TYPES.has(node.type))
    return `node "${nodeId}" (${node.data.label ?? node.type}) is a ${node.type}, not an Agent or LLM node`;
  const params = (node.data.params ?? {}) as Record<string, unknown>;
  return Object.fromEntries(MODEL_KEYS.filter((key) => key in params).map((key) => [key, params[key]]));
}

/** Each judge with its model settings filled in from its node, or the first judge whose settings are wrong. */
export function resolveJudges(evaluators: readonly EvaluatorConfig[], graph: WorkflowGraph): ResolvedJudges {
  const resolved: EvaluatorConfig[] = [];
  for (const [index, evaluator] of evaluators.entries()) {
    if (evaluator.kind !== "llmJudge") {
      resolved.push(evaluator);
      continue;
    }
    const at = `evaluators.${index}`;
    if (!evaluator.model && !evaluator.modelNode)
      return { ok: false, message: `${at}: give the judge's model settings, or modelNode: an Agent or LLM node's id` };
    const borrowed = evaluator.modelNode ? nodeModel(graph, evaluator.modelNode) : {};
    if (typeof borrowed === "string") return { ok: false, message: `${at}.modelNode: ${borrowed}` };
    const model = { ...borrowed, ...evaluator.model };
    const problem = judgeModelProblem(model);
    if (problem) return { ok: false, message: `${at}: ${problem}` };
    resolved.push({ ...evaluator, model });
  }
  return { ok: true, evaluators: resolved };
}
