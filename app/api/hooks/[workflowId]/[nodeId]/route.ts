/**
 * POST starts a run through a Webhook trigger, with the JSON body as its input (lib/triggers/webhook.ts).
 * The caller sends the trigger's secret (X-Webhook-Secret) or an editor's API key; the perimeter's
 * Host, cross-site, JSON and size checks apply as on every route.
 */
import { errorResponse } from "@/lib/http/api-route";
import { bodyLimit, checkApiBody, checkRequest, refusalResponse } from "@/lib/http/perimeter";
import { readJsonBody } from "@/lib/http/read-json-body";
import { handleWebhook } from "@/lib/triggers/webhook";

export const dynamic = "force-dynamic";

export async function POST(
  request: Request,
  context: { params: Promise<{ workflowId: string; nodeId: string }> },
): Promise<Response> {
  const limit = bodyLimit("default");
  const refusal = checkRequest(request) ?? checkApiBody(request.method, request.headers, limit);
  if (refusal) return refusalResponse(refusal);
  try {
    const { workflowId, nodeId } = await context.params;
    return await handleWebhook(request.headers, workflowId, nodeId, () => readJsonBody(request, limit));
  } catch (error) {
    return errorResponse(request, error);
  }
}
