/** Timeline lines for waits that suspend a run: a node waits, its wait ends, the run suspends. */
import type { RunEvent, WaitKind } from "@/lib/runs/events";
import type { EventDescribers } from "./describe-event";

/** What a node waits for, after "waits". */
export const WAIT_TEXT: Record<WaitKind, string> = {
  timer: "for its time to pass",
  approval: "for a person's approval",
  webhook: "for a POST to its resume URL",
  external: "for an outside agent's Done",
};

const ENDED_BY_TEXT: Record<Extract<RunEvent, { type: "node.wait.ended" }>["payload"]["by"], string> = {
  clock: "by the clock",
  person: "by a person",
  link: "through its one-time link",
  webhook: "by a POST to its resume URL",
};

const when = (iso: string) => new Date(iso).toLocaleString("en");

export const WAIT_EVENTS = {
  "run.waiting": (event, labelOf) => ({
    tone: "neutral",
    title: `Run waiting for ${event.payload.nodeIds.map(labelOf).join(", ")}`,
    detail: event.payload.until ? `no worker holds it; wakes by ${when(event.payload.until)}` : "no worker holds it",
  }),
  "node.waiting": (event, labelOf) => ({
    tone: "neutral",
    title: `${labelOf(event.payload.nodeId)} waits ${WAIT_TEXT[event.payload.kind]}`,
    detail: event.payload.until ? `until ${when(event.payload.until)}` : undefined,
    nodeId: event.payload.nodeId,
  }),
  "node.wait.ended": (event, labelOf) => {
    const { nodeId, by, decision, decidedBy } = event.payload;
    const who = decidedBy ? `by ${decidedBy}` : ENDED_BY_TEXT[by];
    const how = decision ? `${decision} ${who}` : `ended ${who}`;
    return { tone: decision === "rejected" ? "warning" : "success", title: `${labelOf(nodeId)}: ${how}`, nodeId };
  },
} satisfies Partial<EventDescribers>;
