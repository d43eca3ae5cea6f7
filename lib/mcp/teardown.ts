/**
 * The end of a run's MCP servers, however the run ends: health checks stopped, clients closed,
 * stdio process groups killed (and dropped from the reaper's records), one `tool.teardown` event each.
 */
import type { RunEventInput } from "../runs/events";
import { takeRunServers } from "./connection-pool";

export async function teardownRunMcp(runId: string, emit: (event: RunEventInput) => Promise<unknown>): Promise<void> {
  await Promise.all(
    takeRunServers(runId).map(async (server) => {
      server.stopHealthCheck?.();
      // kills the process group and forgets it in the reaper's records
      await server.live.close().catch(() => undefined);
      const detail =
        server.live.pgid !== undefined ? `client closed, process group ${server.live.pgid} killed` : "client closed";
      await emit({ type: "tool.teardown", payload: { nodeId: server.nodeId, toolName: server.source, detail } }).catch(
        () => undefined,
      );
    }),
  );
}
