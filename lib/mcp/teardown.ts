/**
 * The end of a run's MCP servers, however the run ends: health checks stopped, clients closed,
 * stdio process groups killed and forgotten by the reaper, one `tool.teardown` event each.
 */
import type { Redis } from "ioredis";
import type { RunEventInput } from "../runs/events";
import { takeRunServers } from "./connection-pool";
import { forgetProcess } from "./process-reaper";

export async function teardownRunMcp(redis: Redis, runId: string, emit: (event: RunEventInput) => Promise<unknown>): Promise<void> {
  await Promise.all(
    takeRunServers(runId).map(async (server) => {
      server.stopHealthCheck?.();
      await server.live.close().catch(() => undefined);
      if (server.live.pgid !== undefined) await forgetProcess(redis, server.live.pgid);
      const detail = server.live.pgid !== undefined ? `client closed, process group ${server.live.pgid} killed` : "client closed";
      await emit({ type: "tool.teardown", payload: { nodeId: server.nodeId, toolName: server.source, detail } }).catch(() => undefined);
    }),
  );
}
