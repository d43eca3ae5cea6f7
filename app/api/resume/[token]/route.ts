/**
 * POST ends a waiting node through its one-time resume URL (lib/runs/resume-by-link.ts): no account,
 * the token is the credential. A Wait for webhook goes on with the JSON body; an Approval step takes
 * `{ decision, value?, comment? }`. 202, 404 for a token that opens nothing, 409 once used. The
 * perimeter's Host, cross-site, JSON and size checks apply as on every route.
 */
import { errorResponse } from "@/lib/http/api-route";
import { bodyLimit, checkApiBody, checkRequest, refusalResponse } from "@/lib/http/perimeter";
import { readJsonBody } from "@/lib/http/read-json-body";
import { sharedRedis } from "@/lib/queue/redis";
import { resumeByLink } from "@/lib/runs/resume-by-link";

export const dynamic = "force-dynamic";

export async function POST(request: Request, context: { params: Promise<{ token: string }> }): Promise<Response> {
  const limit = bodyLimit("default");
  const refusal = checkRequest(request) ?? checkApiBody(request.method, request.headers, limit);
  if (refusal) return refusalResponse(refusal);
  try {
    const { token } = await context.params;
    return await resumeByLink(sharedRedis(), token, () => readJsonBody(request, limit));
  } catch (error) {
    return errorResponse(request, error);
  }
}
