/**
 * A run's events over Server-Sent Events: replay from the database, then tail the live stream.
 * Each message carries `id: <seq>`, so a browser reconnecting with Last-Event-ID loses nothing.
 * The stream closes after the run's terminal event. Viewers and up; each user holds at most a
 * few streams per web process at once (lib/http/stream-quota.ts).
 */
import { ApiError } from "@/lib/http/api-error";
import { apiRoute } from "@/lib/http/api-route";
import { acquireStream } from "@/lib/http/stream-quota";
import { getRunStatus } from "@/lib/runs/start-run";
import { TERMINAL_EVENT_TYPES, type RunEvent } from "@/lib/runs/events";
import { listEvents, streamPosition, tailEvents } from "@/lib/runs/read-events";
import { sharedRedis } from "@/lib/queue/redis";

export const dynamic = "force-dynamic";

const HEARTBEAT_MS = 15_000;

function lastSeenSeq(request: Request): number {
  const raw = request.headers.get("last-event-id") ?? new URL(request.url).searchParams.get("after") ?? "0";
  const seq = Number.parseInt(raw, 10);
  return Number.isFinite(seq) && seq > 0 ? seq : 0;
}

export const GET = apiRoute<{ id: string }>({ role: "viewer" }, async ({ request, principal }, { id: runId }) => {
  if (!(await getRunStatus(runId))) throw new ApiError("not-found", `Run ${runId} does not exist`);
  const release = acquireStream(principal.userId);
  if (!release) throw new ApiError("too-many", "Too many open run streams for this user; close some tabs and try again");
  let sentSeq = lastSeenSeq(request);
  const encoder = new TextEncoder();
  const abort = new AbortController();
  request.signal.addEventListener("abort", () => abort.abort());

  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      const tailConnection = sharedRedis().duplicate();
      // XREAD blocks; dropping its connection is how a departing client stops it at once.
      abort.signal.addEventListener("abort", () => tailConnection.disconnect());
      const heartbeat = setInterval(() => controller.enqueue(encoder.encode(": keep-alive\n\n")), HEARTBEAT_MS);
      const send = (event: RunEvent): boolean => {
        if (event.seq <= sentSeq) return false;
        sentSeq = event.seq;
        controller.enqueue(encoder.encode(`id: ${event.seq}\ndata: ${JSON.stringify(event)}\n\n`));
        return TERMINAL_EVENT_TYPES.has(event.type);
      };
      try {
        controller.enqueue(encoder.encode("retry: 1000\n\n"));
        const position = await streamPosition(tailConnection, runId);
        let finished = false;
        for (const event of await listEvents(runId, sentSeq)) finished = send(event) || finished;
        if (!finished) {
          for await (const event of tailEvents(tailConnection, runId, position, abort.signal)) {
            if (send(event)) break;
          }
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
