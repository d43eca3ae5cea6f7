/** The live MCP clients of this worker process, keyed by run and tool source (node id). */
import type { LiveClient } from "./connect";

export type PooledServer = {
  runId: string;
  nodeId: string;
  /** The `{source}` of `{source}__{tool}`. */
  source: string;
  live: LiveClient;
  callTimeoutMs: number;
  stopHealthCheck?: () => void;
};

const pool = ((globalThis as unknown as { switchboardMcpPool?: Map<string, PooledServer> }).switchboardMcpPool ??=
  new Map());
const key = (runId: string, nodeId: string) => `${runId}\u0000${nodeId}`;

export function addPooledServer(server: PooledServer): void {
  pool.set(key(server.runId, server.nodeId), server);
}

export function getPooledServer(runId: string, nodeId: string): PooledServer | undefined {
  return pool.get(key(runId, nodeId));
}

/** Removes and returns every server of a run, for teardown. */
export function takeRunServers(runId: string): PooledServer[] {
  const taken = [...pool.values()].filter((server) => server.runId === runId);
  for (const server of taken) pool.delete(key(runId, server.nodeId));
  return taken;
}
