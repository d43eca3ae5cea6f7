/** The live event list: ordered by seq, duplicates from a reconnect's replay dropped. */
import { describe, expect, it } from "vitest";
import type { RunEvent } from "@/lib/runs/events";
import { mergeEvents } from "./merge-events";

const event = (seq: number): RunEvent => ({
  runId: "r",
  seq,
  at: `2025-01-01T00:00:0${seq}.000Z`,
  type: "run.started",
  payload: {},
});
const seqs = (events: RunEvent[]) => events.map((e) => e.seq);

describe("mergeEvents", () => {
  it("appends events that arrive in order", () => {
    expect(seqs(mergeEvents([event(1), event(2)], [event(3), event(4)]))).toEqual([1, 2, 3, 4]);
  });

  it("puts a late event in its place", () => {
    expect(seqs(mergeEvents([event(1), event(3)], [event(2)]))).toEqual([1, 2, 3]);
    expect(seqs(mergeEvents([event(1)], [event(4), event(2)]))).toEqual([1, 2, 4]);
  });

  it("ignores seqs it already holds, including duplicates within one batch", () => {
    expect(seqs(mergeEvents([event(1), event(2)], [event(2), event(3), event(3)]))).toEqual([1, 2, 3]);
  });

  it("hands back the same array when nothing is new, so nothing re-renders", () => {
    const current = [event(1), event(2)];
    expect(mergeEvents(current, [event(1)])).toBe(current);
  });
});
