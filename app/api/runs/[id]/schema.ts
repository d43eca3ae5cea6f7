/**
 * The waiting nodes of a run, for the run view and scripts: an Approval step or a Wait for webhook
 * (…/waits/{nodeId}), an External Agent (…/external/{nodeId}, …/done). Their bodies and OpenAPI operations;
 * registered in app/api/operations.ts.
 */
import { z } from "zod";
import { Handoff } from "@/lib/external-agent/handoff";
import { apiError, IsoTime, jsonBody, jsonResponse, type ApiOperation } from "@/lib/http/openapi/operation";
import { ApprovalStepDecision } from "@/lib/runs/end-wait";

export const NodeParams = z.object({
  id: z.string().meta({ description: "The run's id" }),
  nodeId: z.string().meta({ description: "The waiting node's id" }),
});

export const DoneBody = z.object({ text: z.string().max(100_000, "text: at most 100,000 characters").default("") });

const NodeWait = z.object({
  kind: z.enum(["timer", "approval", "webhook", "external"]),
  detail: z.record(z.string(), z.unknown()),
  until: IsoTime.nullable(),
  ended: z.boolean(),
  resumeUrl: z.string().optional().meta({ description: "The one-time link that ends the wait (webhook, approval)" }),
  pageUrl: z.string().optional().meta({ description: "The approval page a person may be sent to" }),
});

const tag = "Runs";
const notWaiting = apiError("The node does not wait (or waits for something else)");
export const operations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/runs/{id}/waits/{nodeId}",
    tag,
    summary: "Read a waiting node's wait, with the links a person may pass on",
    access: "editor",
    limited: "workflow",
    request: { params: NodeParams },
    responses: { 200: jsonResponse("The wait", NodeWait), 404: notWaiting },
  },
  {
    method: "post",
    path: "/api/runs/{id}/waits/{nodeId}",
    tag,
    summary: "Decide an Approval step",
    access: "editor",
    limited: "workflow",
    request: { params: NodeParams, body: jsonBody(ApprovalStepDecision) },
    responses: {
      202: jsonResponse(
        "Decided: the run goes on",
        z.object({ status: z.literal("decided"), decision: ApprovalStepDecision.shape.decision }),
      ),
      404: notWaiting,
      409: apiError("The wait has ended"),
    },
  },
  {
    method: "get",
    path: "/api/runs/{id}/external/{nodeId}",
    tag,
    summary: "Read the gateway URL and token an External Agent node hands out",
    access: "editor",
    limited: "workflow",
    request: { params: NodeParams },
    responses: { 200: jsonResponse("The handoff", Handoff), 404: apiError("No External Agent waits at that node") },
  },
  {
    method: "post",
    path: "/api/runs/{id}/external/{nodeId}/done",
    tag,
    summary: "End an External Agent node's wait",
    description: "The text becomes the node's output, and its token dies.",
    access: "editor",
    limited: "workflow",
    request: { params: NodeParams, body: jsonBody(DoneBody, false) },
    responses: {
      202: jsonResponse("Done", z.object({ status: z.literal("done") })),
      404: apiError("No External Agent waits at that node"),
    },
  },
];
