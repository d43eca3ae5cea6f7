/**
 * GET the secrets' names, allowed hosts and when each was last set (editor: nodes refer to secrets by name). Never
 * values.
 */
import { apiRoute } from "@/lib/http/api-route";
import { secretListing } from "@/lib/secrets/secret-store";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ role: "editor" }, async () => Response.json(await secretListing()));
