/** What a Webhook trigger's route answers (lib/triggers/webhook.ts), as an OpenAPI operation. */
import { z } from "zod";
import { apiError, jsonBody, jsonResponse, type ApiOperation } from "@/lib/http/openapi/operation";
import { RunStatus } from "../runs/schema";

const Params = z.object({
  workflowId: z.string().meta({ description: "The workflow's id" }),
  nodeId: z.string().meta({ description: "The Webhook trigger node's id" }),
});

const Queued = z.object({
  runId: z.string(),
  status: RunStatus,
  statusUrl: z.string().meta({ description: "Where to read the run's status and output" }),
  note: z.string().optional(),
});

const Finished = z.object({
  runId: z.string(),
  status: RunStatus,
  output: z.unknown(),
  error: z.string().optional(),
});

export const operations: ApiOperation[] = [
  {
    method: "post",
    path: "/api/hooks/{workflowId}/{nodeId}",
    tag: "Triggers",
    summary: "Call a Webhook trigger",
    description:
      "Starts a run of the published version with the JSON body as its input. Answers when it ends when the trigger " +
      "says to wait (200), else at once or after its wait (202). Without valid credentials every answer is the same " +
      "401, so nobody can tell which workflows exist.",
    access: "webhook",
    limited: "workflow",
    request: { params: Params, body: jsonBody(z.unknown().meta({ description: "The run's input" }), false) },
    responses: {
      200: jsonResponse("The run ended within the trigger's wait", Finished),
      202: jsonResponse("Started: the run goes on", Queued),
      404: apiError("An editor's call: no such Webhook trigger in the published version"),
      409: apiError("The trigger is disabled or misconfigured, or the workflow was never published"),
    },
  },
];
