/**
 * The wrapper every public chat route goes through, the public counterpart of apiRoute (lib/http/api-route.ts): no
 * account, so the checks are the perimeter's Host and path, a JSON body within a small limit, and — instead of "our
 * own pages only" — the chat's own allowed origins: a browser request from any other page is refused, and an allowed
 * one gets CORS headers naming its origin. Then the chat must be on (404 alike for off and unknown), and, for a
 * visitor's route, a visitor token for this chat, given under the current access code.
 */
import "server-only";
import { ApiError } from "../http/api-error";
import { errorResponse } from "../http/api-route";
import { checkApiBody, checkHost, checkPath, refusalResponse } from "../http/perimeter";
import { readJsonBody } from "../http/read-json-body";
import { findPublicChat, type PublicChat } from "./lookup";
import { corsHeaders, isAllowedOrigin } from "./origins";
import { accessCodeTag, bearerToken, verifyVisitorToken, type VisitorClaims } from "./visitor-token";

/** A visitor's message is short: 64 KB is far more than one needs. */
export const PUBLIC_BODY_LIMIT = 64 * 1024;

export type PublicCall = { request: Request; chat: PublicChat; json: () => Promise<unknown> };
export type VisitorCall = PublicCall & { visitor: VisitorClaims };
type Params = { publicId: string };
type Context = { params: Promise<Params> };

/** Our own page, or no browser page at all (no Origin: a server, curl, a script tag), or one the chat allows. */
function originRefusal(request: Request, allowed: readonly string[]): ApiError | null {
  const site = request.headers.get("sec-fetch-site");
  if (site === "same-origin" || site === "none") return null;
  const origin = request.headers.get("origin");
  if (!origin) return null;
  if (safeHost(origin) === request.headers.get("host")?.toLowerCase()) return null;
  if (isAllowedOrigin(origin, allowed)) return null;
  return new ApiError("forbidden", `This chat is not open to pages on ${origin}: an editor can allow that origin`);
}

function safeHost(origin: string): string | null {
  try {
    return new URL(origin).host.toLowerCase();
  } catch {
    return null;
  }
}

export const CHAT_NOT_FOUND = "There is no public chat here: the link is wrong, or its owner turned the chat off";

/** Host, path and body first; then the chat, its origins, and that it is on. */
async function openChat(request: Request, params: Params): Promise<PublicChat | Response> {
  const refusal =
    checkHost(request.headers) ??
    checkPath(request.url) ??
    checkApiBody(request.method, request.headers, PUBLIC_BODY_LIMIT);
  if (refusal) return refusalResponse(refusal);
  const chat = await findPublicChat(params.publicId);
  const wrongOrigin = originRefusal(request, chat?.enabled ? chat.allowedOrigins : []);
  if (wrongOrigin) throw wrongOrigin;
  if (!chat?.enabled) throw new ApiError("not-found", CHAT_NOT_FOUND);
  return chat;
}

function withCors(response: Response, request: Request, chat: PublicChat | null): Response {
  const headers = corsHeaders(request.headers.get("origin"), chat?.allowedOrigins ?? []);
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}

export function publicChatRoute(handler: (call: PublicCall) => Promise<Response>) {
  return async (request: Request, context: Context): Promise<Response> => {
    let chat: PublicChat | null = null;
    try {
      const opened = await openChat(request, await context.params);
      if (opened instanceof Response) return opened;
      chat = opened;
      const json = () => readJsonBody(request, PUBLIC_BODY_LIMIT);
      return withCors(await handler({ request, chat: opened, json }), request, chat);
    } catch (error) {
      return withCors(errorResponse(request, error), request, chat);
    }
  };
}

/** The visitor a request's token names, for this chat and its current access code. */
export async function requireVisitor(request: Request, chat: PublicChat): Promise<VisitorClaims> {
  const token = bearerToken(request.headers);
  const visitor = token ? await verifyVisitorToken(token, chat.publicId) : null;
  if (!visitor)
    throw new ApiError("unauthorized", "Start a chat session first (POST …/session): no valid visitor token");
  if (visitor.code !== accessCodeTag(chat.accessCodeHash))
    throw new ApiError("unauthorized", "This chat asks for an access code: enter it to go on");
  return visitor;
}

export function visitorChatRoute(handler: (call: VisitorCall) => Promise<Response>) {
  return publicChatRoute(async (call) => handler({ ...call, visitor: await requireVisitor(call.request, call.chat) }));
}

/** The CORS preflight: allowed origins only. */
export async function preflight(request: Request, context: Context): Promise<Response> {
  const chat = await findPublicChat((await context.params).publicId);
  const origin = request.headers.get("origin");
  if (!chat?.enabled || !isAllowedOrigin(origin, chat.allowedOrigins)) return new Response(null, { status: 403 });
  return new Response(null, { status: 204, headers: corsHeaders(origin, chat.allowedOrigins) });
}
