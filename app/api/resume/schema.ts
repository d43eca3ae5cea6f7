/** What a one-time resume link's route answers (lib/runs/resume-by-link.ts), as an OpenAPI operation. */
import { z } from "zod";
import { apiError, jsonBody, jsonResponse, type ApiOperation } from "@/lib/http/openapi/operation";

export const operations: ApiOperation[] = [
  {
    method: "post",
    path: "/api/resume/{token}",
    tag: "Triggers",
    summary: "End a wait through its one-time link",
    description:
      "A Wait for webhook goes on with the JSON body; an Approval step takes `{ decision, value?, comment? }`.",
    access: "resume-token",
    request: {
      params: z.object({ token: z.string().meta({ description: "The link's token" }) }),
      body: jsonBody(z.unknown().meta({ description: "The value the wait ends with, or a decision" }), false),
    },
    responses: {
      202: jsonResponse("Resumed", z.object({ status: z.literal("resumed"), runId: z.string(), nodeId: z.string() })),
      404: apiError("The token opens nothing"),
      409: apiError("The link has been used already, or its run has ended"),
    },
  },
];
