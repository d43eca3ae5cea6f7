/** One line of the run timeline per event, in words: what happened, to which node, and how it went. */
import type { RunEvent } from "@/lib/runs/events";
import { RUN_AND_NODE_EVENTS } from "./timeline-run-events";
import { TOOL_AND_AGENT_EVENTS } from "./timeline-tool-events";
import { WAIT_EVENTS } from "./timeline-wait-events";

export type TimelineTone = "neutral" | "accent" | "tool" | "success" | "warning" | "danger";

export type TimelineEntry = { tone: TimelineTone; title: string; detail?: string; nodeId?: string };

type EventOfType<T extends RunEvent["type"]> = Extract<RunEvent, { type: T }>;

/** One describer per event type: the compiler refuses a type left without one. */
export type EventDescribers = {
  [T in RunEvent["type"]]: (event: EventOfType<T>, labelOf: (nodeId: string) => string) => TimelineEntry;
};

const DESCRIBERS: EventDescribers = { ...RUN_AND_NODE_EVENTS, ...TOOL_AND_AGENT_EVENTS, ...WAIT_EVENTS };

/** Events the node inspector shows instead of the timeline (a node's settings would double its lines). */
export const NOT_ON_TIMELINE: ReadonlySet<RunEvent["type"]> = new Set(["node.params", "agent.text"]);

export function describeEvent(event: RunEvent, labelOf: (nodeId: string) => string): TimelineEntry {
  const describe = DESCRIBERS[event.type] as (event: RunEvent, labelOf: (nodeId: string) => string) => TimelineEntry;
  return describe(event, labelOf);
}
