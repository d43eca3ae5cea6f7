/**
 * POST `{ text? }` ends an External Agent node's wait: the text becomes its output and its token dies (editor). 202, or
 * 404 when it is not waiting.
 */
import { z } from "zod";
import { ApiError } from "@/lib/http/api-error";
import { apiRoute } from "@/lib/http/api-route";
import { workflowOfRun } from "@/lib/http/workflow-of";
import { finishHandoff } from "@/lib/external-agent/handoff";
import { sharedRedis } from "@/lib/queue/redis";

export const dynamic = "force-dynamic";

const DoneBody = z.object({ text: z.string().max(100_000, "text: at most 100,000 characters").default("") });

export const POST = apiRoute<{ id: string; nodeId: string }>(
  { role: "editor", workflow: workflowOfRun },
  async ({ json }, { id, nodeId }) => {
    const body = DoneBody.safeParse(await json());
    if (!body.success) throw new ApiError("bad-request", body.error.issues[0].message);
    if (!(await finishHandoff(sharedRedis(), id, nodeId, body.data.text)))
      throw new ApiError("not-found", `No External Agent is waiting at node "${nodeId}" of run ${id}`);
    return Response.json({ status: "done" }, { status: 202 });
  },
);
