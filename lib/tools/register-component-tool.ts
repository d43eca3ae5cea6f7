/** Registers a tool-mode component node in its run's registry, the way the gateway will show it to agents. */
import { getComponent } from "../nodes";
import { registerTool, type RegisteredTool } from "../registry/registry";
import type { CompiledNode } from "../workflow/compile";
import { toolInputSchema, toolNameFor } from "./component-tool";
import type { RedisClient } from "../queue/redis";

export async function registerComponentTool(
  redis: RedisClient,
  runId: string,
  node: CompiledNode,
  boundInputs: Record<string, unknown>,
): Promise<RegisteredTool> {
  const component = getComponent(node.type);
  if (!component?.tool) throw new Error(`"${node.label}" (${node.type}) cannot be used as a tool`);
  const tool: RegisteredTool = {
    nodeId: node.id,
    toolName: toolNameFor(node, component),
    kind: "component",
    description: component.tool.description,
    inputSchema: toolInputSchema(node, component),
    boundInputs,
    status: "ready",
  };
  await registerTool(redis, runId, tool);
  return tool;
}
