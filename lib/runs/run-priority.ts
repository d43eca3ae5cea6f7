/**
 * Which runs go first when workers are busy, as BullMQ job priorities (1 is served first): a
 * person (Run, chat) and a parent run waiting on its child, then webhooks, the API, MCP, AG-UI and A2A
 * clients and error workflows, then schedules — so a person's chat never waits behind a backlog of scheduled runs.
 * Pure.
 */
import type { RunTrigger } from "./run-trigger";

const PRIORITY_BY_TRIGGER: Record<RunTrigger["kind"], number> = {
  manual: 1,
  chat: 1,
  "public-chat": 1,
  workflow: 1,
  api: 2,
  webhook: 2,
  mcp: 2,
  "ag-ui": 2,
  a2a: 2,
  error: 2,
  schedule: 3,
  evaluation: 3,
};

export function runPriority(trigger: Pick<RunTrigger, "kind">): number {
  return PRIORITY_BY_TRIGGER[trigger.kind] ?? 2;
}
