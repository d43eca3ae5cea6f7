/**
 * The one way a route handler is built: perimeter checks (Host, cross-site, JSON body and its
 * size), then who is calling and whether their role is enough, then the handler; anything it
 * throws becomes a clean answer (ApiError → its status, the rest → 500 without details).
 */
import { AccessError, requireRole, type Principal } from "../auth/principal";
import type { Role } from "../auth/roles";
import { ApiError } from "./api-error";
import { bodyLimit, checkApiBody, checkRequest, refusalResponse } from "./perimeter";
import { readJsonBody } from "./read-json-body";

export type RouteRequest = {
  request: Request;
  principal: Principal;
  /** The parsed JSON body, within this route's size limit; `{}` when there is none. */
  json: () => Promise<unknown>;
};

type Context<P> = { params: Promise<P> };

export type ApiRouteOptions = {
  /** The least role that may call this route. */
  role: Role;
  /** "workflow" allows the larger workflow body limit (5 MB by default). */
  body?: "default" | "workflow";
};

export function apiRoute<P = Record<string, never>>(options: ApiRouteOptions, handler: (call: RouteRequest, params: P) => Promise<Response>) {
  return async (request: Request, context: Context<P>): Promise<Response> => {
    const limit = bodyLimit(options.body ?? "default");
    const refusal = checkRequest(request) ?? checkApiBody(request.method, request.headers, limit);
    if (refusal) return refusalResponse(refusal);
    try {
      const principal = await requireRole(request.headers, options.role);
      return await handler({ request, principal, json: () => readJsonBody(request, limit) }, await context.params);
    } catch (error) {
      return errorResponse(request, error);
    }
  };
}

export function errorResponse(request: Request, error: unknown): Response {
  if (error instanceof ApiError) return error.toResponse();
  if (error instanceof AccessError) return Response.json({ error: error.message, code: error.failure }, { status: error.status });
  console.error(`${request.method} ${new URL(request.url).pathname} failed:`, error);
  return Response.json({ error: "Internal error", code: "internal" }, { status: 500 });
}
