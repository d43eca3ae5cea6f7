/**
 * What POST /api/runs/[id]/approvals/[callId] accepts: approve (optionally with edited arguments) or deny; and its
 * OpenAPI operation.
 */
import { z } from "zod";
import { ApprovalDecision } from "@/lib/approvals/approval-store";
import { apiError, jsonBody, jsonResponse, type ApiOperation } from "@/lib/http/openapi/operation";

export const DecideApprovalBody = z.object({
  decision: z.enum(["approved", "denied"], { error: 'must be "approved" or "denied"' }),
  /** Replaces the arguments the agent sent; only with "approved". */
  args: z.record(z.string(), z.unknown(), { error: "must be a JSON object of arguments" }).optional(),
  reason: z.string().max(500, "must be at most 500 characters").optional(),
});
export type DecideApprovalBody = z.infer<typeof DecideApprovalBody>;

export const CallIdParams = z.object({
  id: z.string().meta({ description: "The run's id" }),
  callId: z.string().meta({ description: "The waiting tool call's id (as the run's events name it)" }),
});

export const operations: ApiOperation[] = [
  {
    method: "post",
    path: "/api/runs/{id}/approvals/{callId}",
    tag: "Runs",
    summary: "Approve or deny a tool call waiting for a person",
    access: "editor",
    limited: "workflow",
    request: { params: CallIdParams, body: jsonBody(DecideApprovalBody) },
    responses: {
      200: jsonResponse("Decided", ApprovalDecision.extend({ callId: z.string() })),
      404: apiError("No call of that run waits for approval"),
      409: apiError("The call has been decided already"),
    },
  },
];
