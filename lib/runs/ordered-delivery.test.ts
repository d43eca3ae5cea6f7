/** Exactly once, in order: out-of-order arrivals wait, duplicates drop, gaps are filled from the store. */
import { describe, expect, it } from "vitest";
import type { RunEvent } from "./events";
import { OrderedEvents } from "./ordered-delivery";

const event = (seq: number): RunEvent => ({
  runId: "r",
  seq,
  type: "log",
  payload: { level: "info", message: `#${seq}` },
  at: "",
});
const seqs = (events: RunEvent[]) => events.map((e) => e.seq);

describe("OrderedEvents", () => {
  it("delivers in order, holding an event until the one before it arrives", () => {
    const ordered = new OrderedEvents(15, async () => []);
    expect(seqs(ordered.accept([event(15), event(17)]))).toEqual([15]);
    expect(ordered.hasGap()).toBe(true);
    expect(seqs(ordered.accept([event(16)]))).toEqual([16, 17]);
    expect(ordered.hasGap()).toBe(false);
  });

  it("drops duplicates and what was already delivered", () => {
    const ordered = new OrderedEvents(1, async () => []);
    expect(seqs(ordered.accept([event(1), event(2), event(2), event(1)]))).toEqual([1, 2]);
    expect(seqs(ordered.accept([event(2), event(3)]))).toEqual([3]);
    expect(ordered.delivered).toBe(3);
  });

  it("fills a gap from the store, which has every event", async () => {
    const stored = [event(4), event(5), event(6), event(7)];
    const ordered = new OrderedEvents(4, async (after) => stored.filter((e) => e.seq > after));
    expect(seqs(ordered.accept([event(6)]))).toEqual([]);
    expect(seqs(await ordered.catchUp())).toEqual([4, 5, 6, 7]);
    expect(seqs(ordered.accept([event(7), event(8)]))).toEqual([8]);
  });
});
