/**
 * A run's events as a Server-Sent Events body: subscribe to the live events (one shared Redis
 * subscription per process, live-events.ts), replay from the database, then go live. Every event
 * reaches the client exactly once and in `seq` order (ordered-delivery.ts): out-of-order arrivals
 * wait for their turn, and a gap — or a quiet stream — is filled from the database. Each message
 * carries `id: <seq>`, so a browser reconnecting with Last-Event-ID loses nothing. The stream closes
 * after the run's terminal event.
 */
import type { RunEvent } from "./events";
import { TERMINAL_EVENT_TYPES } from "./terminal-events";
import { watchRunEvents } from "./live-events";
import { OrderedEvents } from "./ordered-delivery";
import { listEvents } from "./read-events";

const HEARTBEAT_MS = 15_000;
/**
 * How long a quiet stream waits before the database is asked (events pub/sub never delivered).
 * A gap is read from the database at once: an event's seq is allocated and stored in one statement
 * under the run row's lock, so when a later event is visible every earlier one is stored.
 */
const QUIET_WAIT_MS = 2_000;

export type RunEventStreamOptions = {
  /** The last seq the client has; the stream starts after it. */
  lastSeenSeq: number;
  /** Aborts when the client goes away. */
  signal: AbortSignal;
  /** Called once when the stream ends, however it ends (the per-user stream quota). */
  release: () => void;
  /**
   * What the client gets of each event (default: the event with its seq as the message id); "" sends nothing. The
   * public chat sends only its answer's text (lib/public-chat/answer-stream.ts).
   */
  format?: (event: RunEvent) => string;
};

const wholeEvent = (event: RunEvent) => `id: ${event.seq}\ndata: ${JSON.stringify(event)}\n\n`;

export function runEventStream(
  runId: string,
  { lastSeenSeq, signal, release, format = wholeEvent }: RunEventStreamOptions,
): ReadableStream<Uint8Array> {
  const abort = new AbortController();
  signal.addEventListener("abort", () => abort.abort());
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      const encoder = new TextEncoder();
      const write = (text: string) => controller.enqueue(encoder.encode(text));
      const heartbeat = setInterval(() => write(": keep-alive\n\n"), HEARTBEAT_MS);
      try {
        write("retry: 1000\n\n");
        await followRunEvents(runId, lastSeenSeq, abort.signal, (event) => {
          const text = format(event);
          if (text) write(text);
        });
      } catch (error) {
        if (!abort.signal.aborted) console.error(`events of run ${runId}:`, error);
      } finally {
        release();
        clearInterval(heartbeat);
        try {
          controller.close();
        } catch {
          // already closed by the client going away
        }
      }
    },
    cancel() {
      abort.abort();
      release();
    },
  });
}

/**
 * Replays, then hands on live events in order until the terminal one went out or the client left: the SSE stream
 * above, and the other shapes a run's events are streamed in (AG-UI, A2A), share it.
 */
export async function followRunEvents(
  runId: string,
  lastSeenSeq: number,
  signal: AbortSignal,
  deliver: (event: RunEvent) => void,
): Promise<void> {
  const ordered = new OrderedEvents(lastSeenSeq + 1, (afterSeq) => listEvents(runId, afterSeq));
  const arrivals = new Arrivals(signal);
  /** Sends events in order; true once the terminal event went out. */
  const send = (events: RunEvent[]): boolean => {
    for (const event of events) {
      deliver(event);
      if (TERMINAL_EVENT_TYPES.has(event.type)) return true;
    }
    return false;
  };
  // Subscribed before the replay, so an event recorded in between arrives one way or the other.
  const unwatch = await watchRunEvents(runId, (events) => arrivals.add(events));
  try {
    let finished = send(await ordered.catchUp());
    while (!finished && !signal.aborted) {
      const events = await arrivals.next();
      finished = send(ordered.accept(events));
      if (!finished && !signal.aborted && (events.length === 0 || ordered.hasGap()))
        finished = send(await ordered.catchUp());
    }
  } finally {
    unwatch();
  }
}

/**
 * Live events as they arrive, taken in batches; a wait ends when some arrive, the client leaves, or QUIET_WAIT_MS
 * passes.
 */
class Arrivals {
  private arrived: RunEvent[] = [];
  private wake: (() => void) | undefined;

  constructor(private readonly signal: AbortSignal) {
    signal.addEventListener("abort", () => this.nudge());
  }

  add(events: RunEvent[]): void {
    this.arrived.push(...events);
    this.nudge();
  }

  async next(): Promise<RunEvent[]> {
    if (this.arrived.length === 0 && !this.signal.aborted) {
      await new Promise<void>((resolve) => {
        const quiet = setTimeout(resolve, QUIET_WAIT_MS);
        this.wake = () => (clearTimeout(quiet), resolve());
      });
    }
    const events = this.arrived;
    this.arrived = [];
    return events;
  }

  private nudge(): void {
    this.wake?.();
    this.wake = undefined;
  }
}
