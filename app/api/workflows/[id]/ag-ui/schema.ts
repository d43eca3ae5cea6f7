/**
 * The OpenAPI operation of driving a workflow from an AG-UI front-end. The route checks the body with AG-UI's own
 * schema (@ag-ui/core); this one describes its main fields for the document.
 */
import { z } from "zod";
import { apiError, jsonBody, type ApiOperation } from "@/lib/http/openapi/operation";
import { notFound } from "@/lib/http/openapi/not-found";
import { WorkflowIdParams } from "../schema";

const RunAgentInputDoc = z
  .looseObject({
    threadId: z.string(),
    runId: z.string(),
    messages: z
      .array(z.looseObject({ id: z.string(), role: z.string(), content: z.unknown().optional() }))
      .meta({ description: "The conversation; the last user message is the run's input" }),
    forwardedProps: z
      .looseObject({ input: z.unknown().optional() })
      .optional()
      .meta({ description: "`input`: the run's input instead of the last message (an Entry with fields)" }),
  })
  .meta({ id: "AgUiRunAgentInput", description: "AG-UI's RunAgentInput (https://docs.ag-ui.com)" });

export const operations: ApiOperation[] = [
  {
    method: "post",
    path: "/api/workflows/{id}/ag-ui",
    tag: "Runs",
    summary: "Run as an AG-UI agent",
    description:
      "The AG-UI HTTP protocol: starts a run of the published version on the last user message and streams it as " +
      "AG-UI events (RUN_STARTED, STEP_*, TEXT_MESSAGE_*, TOOL_CALL_*, RUN_FINISHED or RUN_ERROR).",
    access: "editor",
    limited: "workflow",
    request: { params: WorkflowIdParams, body: jsonBody(RunAgentInputDoc) },
    responses: {
      200: { description: "AG-UI events", content: { "text/event-stream": { schema: z.string() } } },
      400: apiError("The body is not a RunAgentInput with a user message, or the input does not fit the Entry"),
      404: notFound(),
      409: apiError("The workflow has never been published"),
      429: apiError("Too many open streams for this user"),
    },
  },
];
