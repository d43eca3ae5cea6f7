/**
 * The one way a route handler is built: perimeter checks (Host, cross-site, JSON body and its
 * size), then who is calling, whether their role is enough and, for a route about one workflow,
 * whether they may see it (404 otherwise, as if it did not exist) or change it (its folder role) and
 * whether their key's limit reaches it; then the handler. Anything it throws
 * becomes a clean answer (ApiError → its status, the rest → 500 without details).
 */
import { AccessError, requireRole, type Principal } from "../auth/principal";
import type { Role } from "../auth/roles";
import { checkWorkflowAccess } from "../auth/workflow-access";
import { isLimited } from "../auth/workflow-scope";
import { ApiError, internalError } from "./api-error";
import type { WorkflowOf } from "./workflow-of";
import { bodyLimit, checkApiBody, checkRequest, refusalResponse } from "./perimeter";
import { readJsonBody } from "./read-json-body";
import { contextOfRequest, withContext } from "../telemetry/spans";

export type RouteRequest = {
  request: Request;
  principal: Principal;
  /** The parsed JSON body, within this route's size limit; `{}` when there is none. */
  json: () => Promise<unknown>;
};

type Context<P> = { params: Promise<P> };

export type ApiRouteOptions<P> = {
  /** The least role that may call this route. */
  role: Role;
  /** "workflow" allows the larger workflow body limit (5 MB by default). */
  body?: "default" | "workflow";
  /**
   * The workflow the request is about (lib/http/workflow-of.ts; checked before the handler with
   * lib/auth/workflow-access.ts, null lets the handler answer 404), or "filtered" when the handler
   * narrows its answer to what the caller may see itself (visibleWorkflowIds). A route that says
   * neither is closed to limited keys (403), so a new route cannot leak past a limit by accident.
   */
  workflow?: WorkflowOf<P> | "filtered";
  /** What the caller must be allowed on that workflow: "view" for viewer routes, "edit" otherwise, unless said. */
  access?: "view" | "edit";
};

async function checkWorkflow<P>(request: Request, principal: Principal, options: ApiRouteOptions<P>, params: P) {
  const { workflow } = options;
  if (workflow === "filtered") return;
  if (!workflow) {
    if (isLimited(principal))
      throw new AccessError(
        "forbidden",
        `This API key is limited to some workflows, and ${request.method} ${new URL(request.url).pathname} is ` +
          `not about one workflow: use a key without a limit`,
      );
    return;
  }
  const workflowId = await workflow(params);
  if (workflowId === null) return;
  const needed = options.access ?? (options.role === "viewer" ? "view" : "edit");
  const checked = await checkWorkflowAccess(principal, workflowId, needed, workflow.missing(params));
  if (checked.ok) return;
  if (checked.reason === "not-found") throw new ApiError("not-found", checked.message);
  throw new AccessError("forbidden", checked.message);
}

export function apiRoute<P = Record<string, never>>(
  options: ApiRouteOptions<P>,
  handler: (call: RouteRequest, params: P) => Promise<Response>,
) {
  // A caller's trace goes on in what the route does (a run it starts, say).
  return (request: Request, context: Context<P>): Promise<Response> =>
    withContext(contextOfRequest(request.headers), () => answer(request, context));
  async function answer(request: Request, context: Context<P>): Promise<Response> {
    const limit = bodyLimit(options.body ?? "default");
    const refusal = checkRequest(request) ?? checkApiBody(request.method, request.headers, limit);
    if (refusal) return refusalResponse(refusal);
    try {
      const principal = await requireRole(request.headers, options.role);
      const params = await context.params;
      await checkWorkflow(request, principal, options, params);
      return await handler({ request, principal, json: () => readJsonBody(request, limit) }, params);
    } catch (error) {
      return errorResponse(request, error);
    }
  }
}

/** A path as the log may show it: a one-time resume token is a credential, so it stays out. */
const loggedPath = (pathname: string) => pathname.replace(/^\/api\/resume\/[^/]+/, "/api/resume/…");

export function errorResponse(request: Request, error: unknown): Response {
  if (error instanceof ApiError) return error.toResponse();
  if (error instanceof AccessError)
    return Response.json({ error: error.message, code: error.failure }, { status: error.status });
  console.error(`${request.method} ${loggedPath(new URL(request.url).pathname)} failed:`, error);
  return internalError();
}
