/**
 * POST a RunAgentInput (the AG-UI HTTP protocol): runs the workflow's published version on the last user message
 * and answers with the run as AG-UI events (lib/ag-ui), so AG-UI front-ends such as CopilotKit can drive it. Editors
 * and up, like starting a run; each stream counts against the user's open streams.
 */
import { agUiRunStream, readAgUiRequest, startAgUiRun } from "@/lib/ag-ui/ag-ui-run";
import { ApiError } from "@/lib/http/api-error";
import { apiRoute } from "@/lib/http/api-route";
import { startRunError } from "@/lib/http/start-run-error";
import { acquireStream } from "@/lib/http/stream-quota";
import { workflowOfPath } from "@/lib/http/workflow-of";
import { startedBy } from "@/lib/runs/run-trigger";

export const dynamic = "force-dynamic";

export const POST = apiRoute<{ id: string }>(
  { role: "editor", workflow: workflowOfPath },
  async ({ request, json, principal }, { id }) => {
    const asked = readAgUiRequest(await json());
    if (!asked.ok) throw new ApiError("bad-request", asked.message);
    const release = acquireStream(principal.userId);
    if (!release) throw new ApiError("too-many", "Too many open run streams for this user; close some and try again");
    const started = await startAgUiRun(id, asked, startedBy(principal));
    if (!started.ok) {
      release();
      throw startRunError(started);
    }
    const accept = request.headers.get("accept");
    const { contentType, body } = agUiRunStream(asked.input, started.runId, {
      accept,
      signal: request.signal,
      release,
    });
    return new Response(body, {
      headers: { "Content-Type": contentType, "Cache-Control": "no-cache, no-transform", "X-Accel-Buffering": "no" },
    });
  },
);
