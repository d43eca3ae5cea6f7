/**
 * The optional per-server health check: a `ping` on an interval. Green answers within a second,
 * yellow answers slowly, red does not answer. Only changes of status are recorded as `tool.health`.
 */
import type { RunEventInput } from "../runs/events";
import type { PooledServer } from "./connection-pool";

const SLOW_MS = 1_000;

export type HealthStatus = "green" | "yellow" | "red";

export async function checkHealth(
  server: PooledServer,
): Promise<{ status: HealthStatus; latencyMs?: number; error?: string }> {
  const startedAt = performance.now();
  try {
    await server.live.client.ping({ timeout: Math.max(SLOW_MS * 5, 2_000) });
    const latencyMs = Math.round(performance.now() - startedAt);
    return { status: latencyMs > SLOW_MS ? "yellow" : "green", latencyMs };
  } catch (error) {
    return { status: "red", error: (error as Error).message };
  }
}

/** Starts the interval; returns the function that stops it. */
export function startHealthCheck(
  server: PooledServer,
  intervalMs: number,
  emit: (event: RunEventInput) => Promise<unknown>,
): () => void {
  let last: HealthStatus | undefined;
  let running = false;
  const timer = setInterval(async () => {
    if (running) return;
    running = true;
    try {
      const health = await checkHealth(server);
      if (health.status !== last) {
        last = health.status;
        await emit({ type: "tool.health", payload: { nodeId: server.nodeId, toolName: server.source, ...health } });
      }
    } catch {
      // an event that cannot be recorded must not take the worker down
    } finally {
      running = false;
    }
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
