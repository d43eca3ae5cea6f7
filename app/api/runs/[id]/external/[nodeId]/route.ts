/**
 * GET the gateway URL and token an External Agent node hands out while it waits (editor): `{ url, token, expiresAt }`,
 * or 404 when it is not waiting.
 */
import { ApiError } from "@/lib/http/api-error";
import { apiRoute } from "@/lib/http/api-route";
import { workflowOfRun } from "@/lib/http/workflow-of";
import { readHandoff } from "@/lib/external-agent/handoff";
import { sharedRedis } from "@/lib/queue/redis";

export const dynamic = "force-dynamic";

export const GET = apiRoute<{ id: string; nodeId: string }>(
  { role: "editor", workflow: workflowOfRun },
  async (_call, { id, nodeId }) => {
    const handoff = await readHandoff(sharedRedis(), id, nodeId);
    if (!handoff) throw new ApiError("not-found", `No External Agent is waiting at node "${nodeId}" of run ${id}`);
    return Response.json(handoff, { headers: { "Cache-Control": "no-store" } });
  },
);
