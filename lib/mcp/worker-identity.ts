/**
 * This worker process's identity and its own BullMQ queue. A stdio MCP server lives in the
 * process that spawned it, so calls to it must reach that process: the gateway sends them to the
 * queue named in the registry entry's `ownerQueue`.
 */
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";

const identity = globalThis as unknown as { switchboardWorkerId?: string };

export function workerId(): string {
  // SWITCHBOARD_WORKER_ID names a worker in logs and run leases; it must be unique among live workers.
  identity.switchboardWorkerId ??=
    process.env.SWITCHBOARD_WORKER_ID || `${hostname()}-${process.pid}-${randomUUID().slice(0, 8)}`;
  return identity.switchboardWorkerId;
}

/** BullMQ queue names may not contain ":", so the id is joined with dashes. */
export function ownerQueueName(id = workerId()): string {
  return `mcp-calls-${id.replace(/[^A-Za-z0-9_-]/g, "-")}`;
}
