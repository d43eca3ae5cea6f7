/** What POST /api/runs/[id]/approvals/[callId] accepts: approve (optionally with edited arguments) or deny. */
import { z } from "zod";

export const DecideApprovalBody = z.object({
  decision: z.enum(["approved", "denied"], { error: 'must be "approved" or "denied"' }),
  /** Replaces the arguments the agent sent; only with "approved". */
  args: z.record(z.string(), z.unknown(), { error: "must be a JSON object of arguments" }).optional(),
  reason: z.string().max(500, "must be at most 500 characters").optional(),
});
export type DecideApprovalBody = z.infer<typeof DecideApprovalBody>;
