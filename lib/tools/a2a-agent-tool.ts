/**
 * Registers an A2A Agent node as a tool (registry kind "a2a"): its remote agent's card is read now, through the guarded
 * fetch and with the node's headers (secrets resolved, never shown), so the model sees the agent's name, description
 * and skills when it chooses among its tools. Calls then run as the component's (execute-component-call.ts).
 */
import { describeAgent, fetchAgentCard } from "../a2a/remote-agent";
import { getComponent } from "../nodes";
import { registerTool, type RegisteredTool } from "../registry/registry";
import { SecretScope } from "../secrets/secret-scope";
import type { CompiledNode } from "../workflow/compile";
import { toolInputSchema, toolNameFor } from "./component-tool";
import type { RedisClient } from "../queue/redis";

const CARD_TIMEOUT_MS = 15_000;

export async function registerA2aAgentTool(
  redis: RedisClient,
  runId: string,
  node: CompiledNode,
): Promise<RegisteredTool> {
  const component = getComponent(node.type)!;
  const secrets = new SecretScope();
  const params = await secrets.resolveParams(node.params);
  let description: string;
  try {
    const card = await fetchAgentCard({
      cardUrl: String(params.cardUrl ?? ""),
      headers: (params.headers ?? {}) as Record<string, string>,
      secrets: secrets.outbound(),
      timeoutMs: CARD_TIMEOUT_MS,
    });
    description = describeAgent(card);
  } catch (error) {
    const reason = secrets.redactText(error instanceof Error ? error.message : String(error));
    throw new Error(`"${node.label}" could not read its A2A agent's card: ${reason}`);
  }
  const tool: RegisteredTool = {
    nodeId: node.id,
    toolName: toolNameFor(node, component),
    kind: "a2a",
    description,
    inputSchema: toolInputSchema(node, component),
    boundInputs: {},
    callTimeoutMs: Number(node.params.timeoutMs ?? 120_000),
    status: "ready",
  };
  await registerTool(redis, runId, tool);
  return tool;
}
