/**
 * Next.js proxy (formerly middleware): every request to the app — pages, server actions, route
 * handlers, assets; all but the MCP gateway's, which checks for itself (see `config`) — first
 * crosses the perimeter (lib/http/perimeter.ts): our own Host, a well-formed path, and no
 * cross-site state changes. Who is calling is checked later, by each page, action and
 * route (lib/auth), where the database is at hand.
 */
import { checkRequest, refusalResponse } from "./lib/http/perimeter";

export function proxy(request: Request): Response | undefined {
  const refusal = checkRequest(request);
  return refusal ? refusalResponse(refusal) : undefined;
}

/**
 * Every path but the MCP gateway's, exactly: every tool call of every agent goes there, the route
 * crosses the same perimeter itself as its first step (as every route handler does, and the
 * route-permission table proves), and Next's proxy pass cost each of those requests another
 * millisecond or two. Only an existing route's exact path may be left out: on a path with no route
 * Next runs whatever server action a Next-Action header names, and actions rely on this proxy for
 * the Host and Origin checks (e2e/server-action-permissions.spec.ts sends one to both).
 */
export const config = { matcher: ["/((?!api/mcp/gateway$).*)"] };
