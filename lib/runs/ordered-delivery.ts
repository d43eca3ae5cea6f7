/**
 * Hands a run's events to one live reader exactly once and in `seq` order, whatever order they
 * arrive in. Events recorded by several processes (the worker, the gateway, a cancel) can reach
 * the Redis stream out of order (15, 17, 16): one ahead of its turn waits, a duplicate is dropped,
 * and a gap that does not close by itself is read from the database, which has every event.
 */
import type { RunEvent } from "./events";

export class OrderedEvents {
  private readonly waiting = new Map<number, RunEvent>();

  constructor(
    /** The first seq this reader has not delivered yet. */
    private nextSeq: number,
    /** Stored events after a seq, in order (the database). */
    private readonly readStored: (afterSeq: number) => Promise<RunEvent[]>,
  ) {}

  /** Takes events in any order; returns the ones now deliverable, in order. */
  accept(events: Iterable<RunEvent>): RunEvent[] {
    for (const event of events) if (event.seq >= this.nextSeq) this.waiting.set(event.seq, event);
    const ready: RunEvent[] = [];
    for (let event = this.waiting.get(this.nextSeq); event; event = this.waiting.get(this.nextSeq)) {
      this.waiting.delete(this.nextSeq);
      ready.push(event);
      this.nextSeq++;
    }
    return ready;
  }

  /** True while an event ahead of its turn waits for an earlier one. */
  hasGap(): boolean {
    return this.waiting.size > 0;
  }

  /**
   * Reads what the database has beyond the last delivered event: fills gaps, and catches events the stream never
   * carried.
   */
  async catchUp(): Promise<RunEvent[]> {
    return this.accept(await this.readStored(this.nextSeq - 1));
  }

  get delivered(): number {
    return this.nextSeq - 1;
  }
}
