/** What GET /api/audit/tool-calls takes and answers (lib/audit/list-tool-calls.ts), as an OpenAPI operation. */
import { z } from "zod";
import { AUDIT_CALLERS, AUDIT_OUTCOMES } from "@/lib/audit/audit-values";
import { ToolCallAuditQuery } from "@/lib/audit/list-tool-calls";
import { IsoTime, jsonResponse, type ApiOperation } from "@/lib/http/openapi/operation";

const AuditedCall = z.object({
  id: z.number(),
  at: IsoTime,
  runId: z.string(),
  workflowId: z.string(),
  workflowName: z.string(),
  callerNodeId: z.string(),
  callerLabel: z.string().nullable(),
  caller: z.enum(AUDIT_CALLERS),
  toolName: z.string(),
  args: z.unknown(),
  outcome: z.enum(AUDIT_OUTCOMES),
  detail: z.string().nullable(),
  durationMs: z.number().nullable(),
});

export const operations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/audit/tool-calls",
    tag: "Audit",
    summary: "The audit trail of tool calls across runs",
    description: "Newest first, filtered and paged.",
    access: "viewer",
    request: { query: ToolCallAuditQuery },
    responses: {
      200: jsonResponse(
        "A page of calls",
        z.object({ calls: z.array(AuditedCall), nextCursor: z.string().nullable() }),
      ),
    },
  },
];
