/**
 * GET the API's OpenAPI 3.1 document (viewer), built once per process from the routes' own operations
 * (app/api/operations.ts). Viewers, not everyone: every route it describes needs credentials anyway, so whoever can use
 * it can read it, and an anonymous scanner learns nothing about this instance. It holds no secrets either way: only
 * paths, schemas and the names of the credentials' headers.
 */
import { apiRoute } from "@/lib/http/api-route";
import { openApiDocument } from "../openapi-document";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ role: "viewer", workflow: "filtered" }, async () =>
  Response.json(openApiDocument(), { headers: { "Cache-Control": "no-cache" } }),
);
