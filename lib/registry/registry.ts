/**
 * The per-run tool registry: Redis hash `run:{runId}:tools`,
 * field nodeId → RegisteredTool. The gateway answers `tools/list` from here without any
 * network hop; the hash expires on its own if a run dies without teardown.
 */
import { z } from "zod";
import { runKey, type RedisClient } from "../queue/redis";

export const REGISTRY_TTL_SECONDS = 60 * 60;

export const RegisteredTool = z.object({
  nodeId: z.string(),
  toolName: z.string(),
  kind: z.enum(["component", "local-mcp", "remote-mcp", "workflow", "a2a", "knowledge"]),
  description: z.string(),
  inputSchema: z.record(z.string(), z.unknown()),
  /** Values bound at registration (upstream data edges); the agent's arguments go over params, these over both. */
  boundInputs: z.record(z.string(), z.unknown()).default({}),
  tools: z
    .array(
      z.object({
        name: z.string(),
        description: z.string().optional(),
        inputSchema: z.record(z.string(), z.unknown()),
      }),
    )
    .optional(),
  ownerQueue: z.string().optional(),
  /** For the servers of an MCP Group: the group node, whose wiring makes them visible. */
  groupNodeId: z.string().optional(),
  /**
   * Workflow tools: the workflow a call runs, and whether the agent's `input` argument is its whole input (no input
   * fields).
   */
  workflowId: z.string().optional(),
  wrapsInput: z.boolean().optional(),
  /** MCP sources and workflow tools: how long the gateway waits for one call (the node's call timeout). */
  callTimeoutMs: z.number().optional(),
  status: z.enum(["ready", "unavailable"]),
  error: z.string().optional(),
});
export type RegisteredTool = z.infer<typeof RegisteredTool>;

/**
 * What a worker needs of an entry to run a call (no schemas, nothing for listing): the gateway,
 * which has just read the entry with the call's checks, sends it with the call, so the worker does
 * not read the registry again.
 */
export type ToolTarget = Pick<
  RegisteredTool,
  "nodeId" | "toolName" | "kind" | "boundInputs" | "ownerQueue" | "workflowId" | "wrapsInput" | "callTimeoutMs"
>;

export function toolTarget({
  nodeId,
  toolName,
  kind,
  boundInputs,
  ownerQueue,
  workflowId,
  wrapsInput,
  callTimeoutMs,
}: RegisteredTool): ToolTarget {
  return { nodeId, toolName, kind, boundInputs, ownerQueue, workflowId, wrapsInput, callTimeoutMs };
}

export const registryKey = (runId: string) => runKey(runId, "tools");

export async function registerTool(redis: RedisClient, runId: string, tool: RegisteredTool): Promise<void> {
  const key = registryKey(runId);
  await redis
    .multi()
    .hset(key, tool.nodeId, JSON.stringify(RegisteredTool.parse(tool)))
    .expire(key, REGISTRY_TTL_SECONDS)
    .exec();
}

export async function listRegisteredTools(redis: RedisClient, runId: string): Promise<RegisteredTool[]> {
  return parseRegisteredTools(await redis.hvals(registryKey(runId)));
}

/** The registry hash's values, as read by HVALS (here or in a pipeline). */
export function parseRegisteredTools(entries: string[]): RegisteredTool[] {
  return entries.map((raw) => RegisteredTool.parse(JSON.parse(raw)));
}

export async function getRegisteredTool(
  redis: RedisClient,
  runId: string,
  nodeId: string,
): Promise<RegisteredTool | null> {
  const raw = await redis.hget(registryKey(runId), nodeId);
  return raw ? RegisteredTool.parse(JSON.parse(raw)) : null;
}

/** Keeps a long run's registry alive. */
export async function refreshRegistry(redis: RedisClient, runId: string): Promise<void> {
  await redis.expire(registryKey(runId), REGISTRY_TTL_SECONDS);
}

export async function deleteRegistry(redis: RedisClient, runId: string): Promise<void> {
  await redis.del(registryKey(runId));
}

/**
 * The gateway's scope rule: a tool is visible when its node is wired to the agent, or belongs to a
 * wired group — as the registry entry records, never by a name prefix (node `t` must not reach `t-2`).
 */
export function isInScope(
  tool: Pick<RegisteredTool, "nodeId" | "groupNodeId">,
  allowedNodeIds: readonly string[],
): boolean {
  return (
    allowedNodeIds.includes(tool.nodeId) ||
    (tool.groupNodeId !== undefined && allowedNodeIds.includes(tool.groupNodeId))
  );
}
