/**
 * A run's events over Server-Sent Events (lib/runs/run-event-stream.ts: replay, then live, each
 * exactly once and in order). Viewers and up; each user holds at most a few streams per web process
 * at once (lib/http/stream-quota.ts).
 */
import { ApiError } from "@/lib/http/api-error";
import { apiRoute } from "@/lib/http/api-route";
import { workflowOfRun } from "@/lib/http/workflow-of";
import { acquireStream } from "@/lib/http/stream-quota";
import { getRunStatus } from "@/lib/runs/read-run";
import { runEventStream } from "@/lib/runs/run-event-stream";

export const dynamic = "force-dynamic";

function lastSeenSeq(request: Request): number {
  const raw = request.headers.get("last-event-id") ?? new URL(request.url).searchParams.get("after") ?? "0";
  const seq = Number.parseInt(raw, 10);
  return Number.isFinite(seq) && seq > 0 ? seq : 0;
}

const SSE_HEADERS = {
  "Content-Type": "text/event-stream",
  "Cache-Control": "no-cache, no-transform",
  Connection: "keep-alive",
  "X-Accel-Buffering": "no",
};

export const GET = apiRoute<{ id: string }>(
  { role: "viewer", workflow: workflowOfRun },
  async ({ request, principal }, { id: runId }) => {
    if (!(await getRunStatus(runId))) throw new ApiError("not-found", `Run ${runId} does not exist`);
    const release = acquireStream(principal.userId);
    if (!release)
      throw new ApiError("too-many", "Too many open run streams for this user; close some tabs and try again");
    const stream = runEventStream(runId, { lastSeenSeq: lastSeenSeq(request), signal: request.signal, release });
    return new Response(stream, { headers: SSE_HEADERS });
  },
);
