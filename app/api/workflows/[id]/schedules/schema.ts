/** What GET /api/workflows/{id}/schedules answers (lib/triggers/schedule-overview.ts), as an OpenAPI operation. */
import { z } from "zod";
import { apiError, IsoTime, jsonResponse, type ApiOperation } from "@/lib/http/openapi/operation";
import { notFound } from "@/lib/http/openapi/not-found";
import { WorkflowIdParams } from "../schema";

const Schedule = z.object({
  nodeId: z.string(),
  armed: z.boolean(),
  nextFireAt: IsoTime.nullable(),
  lastFiredAt: IsoTime.nullable(),
  lastRunId: z.string().nullable(),
  misses: z.array(
    z.object({
      firstMissedAt: IsoTime,
      lastMissedAt: IsoTime,
      count: z.number().int(),
      policy: z.string(),
      catchUpRunId: z.string().nullable(),
      notedAt: IsoTime,
    }),
  ),
});

export const operations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/workflows/{id}/schedules",
    tag: "Workflows",
    summary: "Read a workflow's schedules",
    description: "Armed or not, next and last firing, recent missed firings.",
    access: "viewer",
    limited: "workflow",
    request: { params: WorkflowIdParams },
    responses: {
      200: jsonResponse("Its schedules", z.object({ schedules: z.array(Schedule) })),
      404: notFound(),
    },
  },
];
