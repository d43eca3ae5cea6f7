/**
 * POST the editor's "Discover tools" for an MCP node: connects to its servers and lists their tools
 * (editors; stdio servers: admins). A route rather than a server action so the browser can cancel it:
 * the request's signal aborts when the browser gives up, and the connection (and any program it
 * started) goes with it.
 */
import { apiRoute } from "@/lib/http/api-route";
import { discoverMcpTools } from "@/lib/mcp/discover-node";

export const dynamic = "force-dynamic";

export const POST = apiRoute({ role: "editor" }, async ({ request, principal, json }) =>
  Response.json(await discoverMcpTools(await json(), principal.role, request.signal)),
);
