/**
 * POST `{ text? }` ends an External Agent node's wait: the text becomes its output and its token dies (editor). 202, or
 * 404 when it is not waiting.
 */
import { displayName } from "@/lib/auth/display-name";
import { ApiError } from "@/lib/http/api-error";
import { apiRoute } from "@/lib/http/api-route";
import { workflowOfRun } from "@/lib/http/workflow-of";
import { sharedRedis } from "@/lib/queue/redis";
import { endWait } from "@/lib/runs/end-wait";
import { findNodeWait } from "@/lib/runs/run-waits";
import { DoneBody } from "../../../schema";

export const dynamic = "force-dynamic";

export const POST = apiRoute<{ id: string; nodeId: string }>(
  { role: "editor", workflow: workflowOfRun },
  async ({ json, principal }, { id, nodeId }) => {
    const body = DoneBody.safeParse(await json());
    if (!body.success) throw new ApiError("bad-request", body.error.issues[0].message);
    const wait = await findNodeWait(id, nodeId);
    const notWaiting = `No External Agent is waiting at node "${nodeId}" of run ${id}`;
    if (!wait || wait.kind !== "external" || wait.resolvedAt) throw new ApiError("not-found", notWaiting);
    const ended = await endWait(sharedRedis(), wait, {
      timedOut: false,
      by: "person",
      decidedBy: displayName(principal),
      value: { text: body.data.text },
    });
    if (!ended.ok) throw new ApiError("not-found", notWaiting);
    return Response.json({ status: "done" }, { status: 202 });
  },
);
