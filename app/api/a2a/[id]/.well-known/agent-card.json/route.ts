/**
 * GET a workflow's A2A Agent Card (the well-known path under its A2A endpoint): name, skill from its Entry, the
 * JSON-RPC interface, streaming, API-key auth. Viewers and up; 404 unless the published version is exposed over A2A.
 */
import { AgentCard } from "@a2a-js/sdk";
import { workflowAgentCard } from "@/lib/a2a/agent-card";
import { ApiError } from "@/lib/http/api-error";
import { apiRoute } from "@/lib/http/api-route";
import { workflowOfPath } from "@/lib/http/workflow-of";
import { browserOrigin } from "@/lib/platform/app-url";

export const dynamic = "force-dynamic";

export const GET = apiRoute<{ id: string }>(
  { role: "viewer", workflow: workflowOfPath },
  async ({ request }, { id }) => {
    const exposed = await workflowAgentCard(id, browserOrigin(request.headers));
    if (!exposed.ok) throw new ApiError("not-found", exposed.message);
    return Response.json(AgentCard.toJSON(exposed.card), { headers: { "Cache-Control": "no-cache" } });
  },
);
