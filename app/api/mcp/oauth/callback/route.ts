/**
 * Where an MCP server's authorization server sends the browser back after a sign-in started by
 * the inspector's Connect (editors): the state is checked against that sign-in, the code exchanged
 * and the tokens stored encrypted. Answers with a page saying what happened.
 */
import { apiRoute } from "@/lib/http/api-route";
import { callbackPage } from "@/lib/mcp/oauth/callback-page";
import { finishOAuthConnect } from "@/lib/mcp/oauth/connect-flow";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ role: "editor" }, async ({ request, principal }) =>
  callbackPage(await finishOAuthConnect(new URL(request.url).searchParams, principal)),
);
