/**
 * POST `{ note? }` publishes the workflow's draft as its next version, which its webhooks, schedules, MCP tool and
 * Workflow Tools run from now on (editor). 201 `{ number }`; 400 with the compile errors when the draft cannot run.
 */
import { z } from "zod";
import { ApiError } from "@/lib/http/api-error";
import { apiRoute } from "@/lib/http/api-route";
import { workflowOfPath } from "@/lib/http/workflow-of";
import { authorOf } from "@/lib/workflow-store/author";
import { publishDraft } from "@/lib/workflow-store/publish-draft";

export const dynamic = "force-dynamic";

const PublishBody = z.object({
  note: z.string({ error: "note: must be a string" }).trim().max(500, "note: keep it under 500 characters").default(""),
});

export const POST = apiRoute<{ id: string }>(
  { role: "editor", workflow: workflowOfPath },
  async ({ json, principal }, { id }) => {
    const body = PublishBody.safeParse(await json());
    if (!body.success) throw new ApiError("bad-request", body.error.issues[0].message);
    const published = await publishDraft(id, body.data.note, authorOf(principal));
    if (!published.ok)
      throw published.reason === "not-found"
        ? new ApiError("not-found", published.message)
        : new ApiError("invalid-workflow", published.message, published.errors);
    return Response.json({ number: published.number }, { status: 201 });
  },
);
