/**
 * A run's events over Server-Sent Events: replay from the database, then tail the live stream.
 * Every event reaches the client exactly once and in `seq` order (lib/runs/ordered-delivery.ts):
 * out-of-order arrivals wait for their turn, and a gap — or a quiet stream — is filled from the
 * database. Each message carries `id: <seq>`, so a browser reconnecting with Last-Event-ID loses
 * nothing. The stream closes after the run's terminal event. Viewers and up; each user holds at
 * most a few streams per web process at once (lib/http/stream-quota.ts).
 */
import { ApiError } from "@/lib/http/api-error";
import { apiRoute } from "@/lib/http/api-route";
import { acquireStream } from "@/lib/http/stream-quota";
import { getRunStatus } from "@/lib/runs/start-run";
import { TERMINAL_EVENT_TYPES, type RunEvent } from "@/lib/runs/events";
import { OrderedEvents } from "@/lib/runs/ordered-delivery";
import { listEvents, readStream, streamPosition } from "@/lib/runs/read-events";
import { sharedRedis } from "@/lib/queue/redis";

export const dynamic = "force-dynamic";

const HEARTBEAT_MS = 15_000;
/**
 * How long a quiet stream waits before the database is asked (events the stream never carried).
 * A gap is read from the database at once: an event's seq is allocated and stored in one statement
 * under the run row's lock, so when a later event is visible every earlier one is stored.
 */
const QUIET_WAIT_MS = 2_000;

function lastSeenSeq(request: Request): number {
  const raw = request.headers.get("last-event-id") ?? new URL(request.url).searchParams.get("after") ?? "0";
  const seq = Number.parseInt(raw, 10);
  return Number.isFinite(seq) && seq > 0 ? seq : 0;
}

export const GET = apiRoute<{ id: string }>({ role: "viewer" }, async ({ request, principal }, { id: runId }) => {
  if (!(await getRunStatus(runId))) throw new ApiError("not-found", `Run ${runId} does not exist`);
  const release = acquireStream(principal.userId);
  if (!release) throw new ApiError("too-many", "Too many open run streams for this user; close some tabs and try again");
  const ordered = new OrderedEvents(lastSeenSeq(request) + 1, (afterSeq) => listEvents(runId, afterSeq));
  const encoder = new TextEncoder();
  const abort = new AbortController();
  request.signal.addEventListener("abort", () => abort.abort());

  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      const tailConnection = sharedRedis().duplicate();
      // XREAD blocks; dropping its connection is how a departing client stops it at once.
      abort.signal.addEventListener("abort", () => tailConnection.disconnect());
      const heartbeat = setInterval(() => controller.enqueue(encoder.encode(": keep-alive\n\n")), HEARTBEAT_MS);
      /** Sends events in order; true once the terminal event went out. */
      const send = (events: RunEvent[]): boolean => {
        for (const event of events) {
          controller.enqueue(encoder.encode(`id: ${event.seq}\ndata: ${JSON.stringify(event)}\n\n`));
          if (TERMINAL_EVENT_TYPES.has(event.type)) return true;
        }
        return false;
      };
      try {
        controller.enqueue(encoder.encode("retry: 1000\n\n"));
        let cursor = await streamPosition(tailConnection, runId);
        let finished = send(await ordered.catchUp());
        while (!finished && !abort.signal.aborted) {
          const read = await readStream(tailConnection, runId, cursor, QUIET_WAIT_MS);
          cursor = read.cursor;
          finished = send(ordered.accept(read.events));
          if (!finished && (read.events.length === 0 || ordered.hasGap())) finished = send(await ordered.catchUp());
        }
      } catch (error) {
        if (!abort.signal.aborted) console.error(`events of run ${runId}:`, error);
      } finally {
        release();
        clearInterval(heartbeat);
        tailConnection.disconnect();
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
