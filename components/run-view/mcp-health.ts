/**
 * The latest health of each MCP source in a run, from its `tool.health` events. A group's
 * servers (`{groupNodeId}-{serverId}`) count for the group node too, which shows the worst of them.
 */
import type { RunEvent } from "@/lib/runs/events";

export type HealthStatus = "green" | "yellow" | "red";
export type SourceHealth = {
  nodeId: string;
  toolName: string;
  status: HealthStatus;
  latencyMs?: number;
  error?: string;
};

const RANK: Record<HealthStatus, number> = { green: 0, yellow: 1, red: 2 };

/** Per registry node id, the last reported health; torn-down sources drop out. */
export function latestHealth(events: readonly RunEvent[]): SourceHealth[] {
  const latest = new Map<string, SourceHealth>();
  for (const event of events) {
    if (event.type === "tool.health") latest.set(event.payload.nodeId, event.payload);
    if (event.type === "tool.teardown") latest.delete(event.payload.nodeId);
  }
  return [...latest.values()];
}

/** Health by canvas node id: a server node's own, or the worst of a group's servers. */
export function healthByCanvasNode(
  health: readonly SourceHealth[],
  canvasNodeIds: readonly string[],
): Record<string, HealthStatus> {
  const byNode: Record<string, HealthStatus> = {};
  for (const source of health) {
    const owner =
      canvasNodeIds.find((id) => source.nodeId === id) ??
      canvasNodeIds.find((id) => source.nodeId.startsWith(`${id}-`));
    if (!owner) continue;
    if (byNode[owner] === undefined || RANK[source.status] > RANK[byNode[owner]]) byNode[owner] = source.status;
  }
  return byNode;
}
