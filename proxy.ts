/**
 * Next.js proxy (formerly middleware): every request to the app — pages, server actions, route
 * handlers, assets — first crosses the perimeter (lib/http/perimeter.ts): our own Host, a well-formed
 * path, and no cross-site state changes. Who is calling is checked later, by each page, action and
 * route (lib/auth), where the database is at hand.
 */
import { checkRequest, refusalResponse } from "./lib/http/perimeter";

export function proxy(request: Request): Response | undefined {
  const refusal = checkRequest(request);
  return refusal ? refusalResponse(refusal) : undefined;
}
