/**
 * POST: a workflow as an A2A agent — JSON-RPC (A2A v1.0, or v0.3 without an `A2A-Version` header), answered by the
 * official SDK (lib/a2a): send a message (a run of the published version), stream it, read a task, cancel it (the
 * run). Editors and up by API key; 404 unless the published version is exposed over A2A.
 */
import { answerA2aRequest } from "@/lib/a2a/a2a-handler";
import { workflowAgentCard } from "@/lib/a2a/agent-card";
import { ApiError } from "@/lib/http/api-error";
import { apiRoute } from "@/lib/http/api-route";
import { workflowOfPath } from "@/lib/http/workflow-of";
import { browserOrigin } from "@/lib/platform/app-url";
import { startedBy } from "@/lib/runs/run-trigger";

export const dynamic = "force-dynamic";

export const POST = apiRoute<{ id: string }>(
  { role: "editor", workflow: workflowOfPath },
  async ({ request, json, principal }, { id }) => {
    const exposed = await workflowAgentCard(id, browserOrigin(request.headers));
    if (!exposed.ok) throw new ApiError("not-found", exposed.message);
    const body = await json();
    return answerA2aRequest({
      workflowId: id,
      card: exposed.card,
      body,
      headers: request.headers,
      by: startedBy(principal),
    });
  },
);
