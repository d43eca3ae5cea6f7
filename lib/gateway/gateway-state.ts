/**
 * What one gateway request needs from Redis, read in one round trip: whether the token's run is
 * still live, whether its caller has ended (an External Agent's token), and the run's registered
 * tools, which tools/list and tools/call both answer from. Only a missing liveness key (a Redis
 * restart) costs a second look, at the database (run-liveness.ts).
 */
import { isInScope, parseRegisteredTools, registryKey, type RegisteredTool } from "../registry/registry";
import { endedCallersKey, isRunLive, liveKey } from "./run-liveness";
import type { SessionClaims } from "./session-token";
import type { RedisClient } from "../queue/redis";

/**
 * Registry entries already parsed, by their stored text: every request of a run reads the same few entries, and
 * JSON.parse with the entry's zod check cost more than the read itself. Keyed by the text, so an entry that is
 * registered again (or a different run's) is parsed afresh; frozen, since every request shares them.
 */
const MAX_PARSED = 2_000;
const holder = globalThis as unknown as { switchboardParsedTools?: Map<string, RegisteredTool> };
const parsed = (holder.switchboardParsedTools ??= new Map());

function parseEntry(raw: string): RegisteredTool {
  const known = parsed.get(raw);
  if (known) return known;
  const [tool] = parseRegisteredTools([raw]);
  if (parsed.size >= MAX_PARSED) parsed.delete(parsed.keys().next().value!);
  parsed.set(raw, Object.freeze(tool));
  return tool;
}

export type GatewayState = { refusal: string } | { refusal?: undefined; tools: RegisteredTool[] };

export async function readGatewayState(redis: RedisClient, scope: SessionClaims): Promise<GatewayState> {
  const replies = await redis
    .pipeline()
    .exists(liveKey(scope.runId))
    .sismember(endedCallersKey(scope.runId), scope.agentNodeId)
    .hvals(registryKey(scope.runId))
    .exec();
  const [[liveError, live], [endedError, ended], [toolsError, entries]] = replies!;
  const failure = liveError ?? endedError ?? toolsError;
  if (failure) throw failure;
  if (live !== 1 && !(await isRunLive(redis, scope.runId)))
    return { refusal: `Run ${scope.runId} is no longer running: its session tokens are void` };
  if (scope.caller === "external" && ended === 1)
    return { refusal: `The step "${scope.agentNodeId}" of run ${scope.runId} has ended: its token is void` };
  const tools = (entries as string[])
    .map(parseEntry)
    .filter((tool) => tool.status === "ready" && isInScope(tool, scope.allowedNodeIds));
  return { tools };
}
