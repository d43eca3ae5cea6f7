/**
 * Next.js proxy (formerly middleware): every request to the app — pages, server actions, route
 * handlers, assets; all but two hot routes that check for themselves (see `config`) — first
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
 * Every path but two, exactly: the hot routes (lib/http/hot-routes.ts, which npm start's web process
 * serves without Next's pipeline at all; its test holds the two lists together): the MCP gateway's
 * (every tool call of every agent) and starting a run (`POST /api/workflows/{id}/runs`, the
 * throughput path). Both routes cross the same perimeter
 * themselves as their first step (as every route handler does, and the route-permission table
 * proves), and Next's proxy pass cost each of their requests ~0.3–0.6 ms of the web process's CPU:
 * a sixth to a quarter of a run start's. Only paths an existing route serves may be left out: on a
 * path with no route Next runs whatever server action a Next-Action header names, and actions rely
 * on this proxy for the Host and Origin checks. Hence end-anchored patterns, and an e2e that sends
 * an action id to both paths and to odd spellings of them (e2e/server-action-permissions.spec.ts).
 */
export const config = { matcher: ["/((?!api/mcp/gateway$|api/workflows/[^/]+/runs$).*)"] };
