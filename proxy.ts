/**
 * Next.js proxy (formerly middleware): every request to the app — pages, server actions, route
 * handlers, assets; all but two hot routes that check for themselves (see `config`) — first
 * crosses the perimeter (lib/http/perimeter.ts): our own Host, a well-formed path and query, and
 * no cross-site state changes; every answer gets the security headers (lib/http/security-headers.ts),
 * a page's with a fresh script nonce. Who is calling is checked later, by each page, action and
 * route (lib/auth), where the database is at hand.
 */
import { NextResponse } from "next/server";
import { checkRequest, refusalResponse } from "./lib/http/perimeter";
import {
  API_CONTENT_SECURITY_POLICY,
  applySecurityHeaders,
  newNonce,
  pageContentSecurityPolicy,
} from "./lib/http/security-headers";
import { chatFrameOrigins } from "./lib/public-chat/lookup";
import { frameAncestors } from "./lib/public-chat/origins";

export async function proxy(request: Request): Promise<Response> {
  const refusal = checkRequest(request);
  if (refusal) return withHeaders(refusalResponse(refusal), API_CONTENT_SECURITY_POLICY);
  const { pathname } = new URL(request.url);
  if (pathname.startsWith("/api/")) return withHeaders(NextResponse.next(), API_CONTENT_SECURITY_POLICY);
  // A public chat's page may be framed by the pages its settings allow (the widget's iframe), and only by those.
  const chatId = PUBLIC_CHAT_PAGE.exec(pathname)?.[1];
  const framers = chatId ? await chatFrameOrigins(decodeURIComponent(chatId)) : [];
  // Next.js finds the nonce in the request's policy and puts it on the scripts it writes into the page.
  const policy = pageContentSecurityPolicy(newNonce(), undefined, frameAncestors(framers));
  const headers = new Headers(request.headers);
  headers.set("content-security-policy", policy);
  const response = withHeaders(NextResponse.next({ request: { headers } }), policy);
  // X-Frame-Options cannot name origins: where framing is allowed, frame-ancestors alone says by whom.
  if (framers.length > 0) response.headers.delete("x-frame-options");
  return response;
}

const PUBLIC_CHAT_PAGE = /^\/chat\/([^/]+)\/?$/;

function withHeaders(response: Response, policy: string): Response {
  applySecurityHeaders(response.headers, policy);
  return response;
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
