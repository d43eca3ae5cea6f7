/**
 * A run's events over Server-Sent Events: subscribe to the live events (one shared Redis
 * subscription per process, lib/runs/live-events.ts), replay from the database, then go live.
 * Every event reaches the client exactly once and in `seq` order (lib/runs/ordered-delivery.ts):
 * out-of-order arrivals wait for their turn, and a gap — or a quiet stream — is filled from the
 * database. Each message carries `id: <seq>`, so a browser reconnecting with Last-Event-ID loses
 * nothing. The stream closes after the run's terminal event. Viewers and up; each user holds at
 * most a few streams per web process at once (lib/http/stream-quota.ts).
 */
import { ApiError } from "@/lib/http/api-error";
import { apiRoute } from "@/lib/http/api-route";
import { workflowOfRun } from "@/lib/http/workflow-of";
import { acquireStream } from "@/lib/http/stream-quota";
import { getRunStatus } from "@/lib/runs/read-run";
import { TERMINAL_EVENT_TYPES, type RunEvent } from "@/lib/runs/events";
import { OrderedEvents } from "@/lib/runs/ordered-delivery";
import { watchRunEvents } from "@/lib/runs/live-events";
import { listEvents } from "@/lib/runs/read-events";

export const dynamic = "force-dynamic";

const HEARTBEAT_MS = 15_000;
/**
 * How long a quiet stream waits before the database is asked (events pub/sub never delivered).
 * A gap is read from the database at once: an event's seq is allocated and stored in one statement
 * under the run row's lock, so when a later event is visible every earlier one is stored.
 */
const QUIET_WAIT_MS = 2_000;

function lastSeenSeq(request: Request): number {
  const raw = request.headers.get("last-event-id") ?? new URL(request.url).searchParams.get("after") ?? "0";
  const seq = Number.parseInt(raw, 10);
  return Number.isFinite(seq) && seq > 0 ? seq : 0;
}

export const GET = apiRoute<{ id: string }>({ role: "viewer", workflow: workflowOfRun }, async ({ request, principal }, { id: runId }) => {
  if (!(await getRunStatus(runId))) throw new ApiError("not-found", `Run ${runId} does not exist`);
  const release = acquireStream(principal.userId);
  if (!release) throw new ApiError("too-many", "Too many open run streams for this user; close some tabs and try again");
  const ordered = new OrderedEvents(lastSeenSeq(request) + 1, (afterSeq) => listEvents(runId, afterSeq));
  const encoder = new TextEncoder();
  const abort = new AbortController();
  request.signal.addEventListener("abort", () => abort.abort());

  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      let arrived: RunEvent[] = [];
      let wake: (() => void) | undefined;
      const nudge = () => {
        wake?.();
        wake = undefined;
      };
      abort.signal.addEventListener("abort", nudge);
      const heartbeat = setInterval(() => controller.enqueue(encoder.encode(": keep-alive\n\n")), HEARTBEAT_MS);
      /** Resolves when events arrive, the client leaves, or the stream has been quiet for QUIET_WAIT_MS. */
      const nextArrivals = async (): Promise<RunEvent[]> => {
        if (arrived.length === 0 && !abort.signal.aborted) {
          await new Promise<void>((resolve) => {
            const quiet = setTimeout(resolve, QUIET_WAIT_MS);
            wake = () => (clearTimeout(quiet), resolve());
          });
        }
        const events = arrived;
        arrived = [];
        return events;
      };
      /** Sends events in order; true once the terminal event went out. */
      const send = (events: RunEvent[]): boolean => {
        for (const event of events) {
          controller.enqueue(encoder.encode(`id: ${event.seq}\ndata: ${JSON.stringify(event)}\n\n`));
          if (TERMINAL_EVENT_TYPES.has(event.type)) return true;
        }
        return false;
      };
      let unwatch: (() => void) | undefined;
      try {
        controller.enqueue(encoder.encode("retry: 1000\n\n"));
        // Subscribed before the replay, so an event recorded in between arrives one way or the other.
        unwatch = await watchRunEvents(runId, (events) => {
          arrived.push(...events);
          nudge();
        });
        let finished = send(await ordered.catchUp());
        while (!finished && !abort.signal.aborted) {
          const events = await nextArrivals();
          finished = send(ordered.accept(events));
          if (!finished && !abort.signal.aborted && (events.length === 0 || ordered.hasGap())) finished = send(await ordered.catchUp());
        }
      } catch (error) {
        if (!abort.signal.aborted) console.error(`events of run ${runId}:`, error);
      } finally {
        unwatch?.();
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

  return new Response(stream, {
    headers: { "Content-Type": "text/event-stream", "Cache-Control": "no-cache, no-transform", Connection: "keep-alive", "X-Accel-Buffering": "no" },
  });
});
