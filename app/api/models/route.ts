/**
 * POST the inspector's model picker: lists the models a provider offers (editors, who may use
 * secrets by name). The node's key is resolved here, never sent by the browser; the provider is asked
 * through the outbound guard. Bad input is a 400 naming the field; a provider that cannot be reached
 * answers `{ ok: false, error }`. A route rather than a server action so the browser can cancel it.
 */
import { ApiError } from "@/lib/http/api-error";
import { apiRoute } from "@/lib/http/api-route";
import { listProviderModels } from "@/lib/agent/model-list";

export const dynamic = "force-dynamic";

export const POST = apiRoute({ role: "editor" }, async ({ request, json }) => {
  const listed = await listProviderModels(await json(), request.signal);
  if ("invalid" in listed) throw new ApiError("bad-request", listed.invalid);
  return Response.json(listed);
});
