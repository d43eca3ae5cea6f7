/**
 * Registers a Knowledge Search node as a tool (registry kind "knowledge"): its knowledge base is looked up now, so a
 * run whose base does not exist fails at registration naming the node, and the model sees the base's name,
 * description and documents when it chooses among its tools. Calls then run as the component's
 * (execute-component-call.ts): the query embedded, the chunks found, each with its document and score.
 */
import type { RedisClient } from "../queue/redis";
import { findKnowledgeBase } from "../knowledge/knowledge-store";
import { getComponent } from "../nodes";
import { registerTool, type RegisteredTool } from "../registry/registry";
import type { CompiledNode } from "../workflow/compile";
import { toolInputSchema, toolNameFor } from "./component-tool";

export async function registerKnowledgeTool(
  redis: RedisClient,
  runId: string,
  node: CompiledNode,
  boundInputs: Record<string, unknown>,
): Promise<RegisteredTool> {
  const component = getComponent(node.type)!;
  const name = String(node.params.knowledgeBase ?? "");
  const base = await findKnowledgeBase(name);
  if (!base) throw new Error(`"${node.label}": knowledgeBase: there is no knowledge base named "${name}"`);
  const about = base.description ? ` (${base.description})` : "";
  const tool: RegisteredTool = {
    nodeId: node.id,
    toolName: toolNameFor(node, component),
    kind: "knowledge",
    description:
      `Search the knowledge base "${base.name}"${about}, ${base.documentCount} documents: returns the passages ` +
      "most relevant to the query, each with its document name, chunk number and score. Cite the documents you use.",
    inputSchema: toolInputSchema(node, component),
    boundInputs,
    status: "ready",
  };
  await registerTool(redis, runId, tool);
  return tool;
}
