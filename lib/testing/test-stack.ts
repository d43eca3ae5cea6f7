/**
 * The whole run path inside one test process: the real API and gateway route handlers on a real
 * port, and the real BullMQ workers. SWITCHBOARD_URL points the worker's agents at that port.
 * The stack signs its requests with the API key of a fresh account made through better-auth, an
 * admin unless asked otherwise (suites build workflows with host-access nodes, which only admins add).
 */
import * as gatewayRoute from "@/app/api/mcp/gateway/route";
import * as mcpWorkflowsRoute from "@/app/api/mcp/workflows/route";
import * as mcpOAuthCallbackRoute from "@/app/api/mcp/oauth/callback/route";
import * as runEventsRoute from "@/app/api/runs/[id]/events/route";
import * as runRoute from "@/app/api/runs/[id]/route";
import * as runsRoute from "@/app/api/runs/route";
import * as auditRoute from "@/app/api/audit/tool-calls/route";
import * as runCancelRoute from "@/app/api/runs/[id]/cancel/route";
import * as externalRoute from "@/app/api/runs/[id]/external/[nodeId]/route";
import * as externalDoneRoute from "@/app/api/runs/[id]/external/[nodeId]/done/route";
import * as workflowRunsRoute from "@/app/api/workflows/[id]/runs/route";
import * as workflowsRoute from "@/app/api/workflows/route";
import * as healthRoute from "@/app/api/health/route";
import * as webhookRoute from "@/app/api/hooks/[workflowId]/[nodeId]/route";
import * as approvalRoute from "@/app/api/runs/[id]/approvals/[callId]/route";
import * as secretRoute from "@/app/api/secrets/[name]/route";
import * as secretsRoute from "@/app/api/secrets/route";
import * as workflowConversationsRoute from "@/app/api/workflows/[id]/conversations/route";
import * as conversationRoute from "@/app/api/conversations/[id]/route";
import * as conversationMessagesRoute from "@/app/api/conversations/[id]/messages/route";
import { startWorkers, type RunningWorkers } from "../runs/start-workers";
import type { Role } from "../auth/roles";
import { apiClient, type ApiClient } from "./api-client";
import { serveRoutes, type Route, type RouteHandler, type ServedRoutes } from "./serve-web-handler";
import { createTestAccount, type TestAccount } from "./test-accounts";

const h = (handler: unknown) => handler as RouteHandler;

export const appRoutes: Route[] = [
  { method: "POST", pattern: /^\/api\/mcp\/gateway$/, handler: h(gatewayRoute.POST) },
  { method: "GET", pattern: /^\/api\/mcp\/gateway$/, handler: h(gatewayRoute.GET) },
  { method: "DELETE", pattern: /^\/api\/mcp\/gateway$/, handler: h(gatewayRoute.DELETE) },
  { method: "POST", pattern: /^\/api\/mcp\/workflows$/, handler: h(mcpWorkflowsRoute.POST) },
  { method: "GET", pattern: /^\/api\/mcp\/workflows$/, handler: h(mcpWorkflowsRoute.GET) },
  { method: "DELETE", pattern: /^\/api\/mcp\/workflows$/, handler: h(mcpWorkflowsRoute.DELETE) },
  { method: "GET", pattern: /^\/api\/mcp\/oauth\/callback$/, handler: h(mcpOAuthCallbackRoute.GET) },
  { method: "GET", pattern: /^\/api\/health$/, handler: h(healthRoute.GET) },
  { method: "POST", pattern: /^\/api\/hooks\/(?<workflowId>[^/]+)\/(?<nodeId>[^/]+)$/, handler: h(webhookRoute.POST) },
  { method: "GET", pattern: /^\/api\/workflows$/, handler: h(workflowsRoute.GET) },
  { method: "POST", pattern: /^\/api\/workflows$/, handler: h(workflowsRoute.POST) },
  { method: "POST", pattern: /^\/api\/workflows\/(?<id>[^/]+)\/runs$/, handler: h(workflowRunsRoute.POST) },
  { method: "GET", pattern: /^\/api\/workflows\/(?<id>[^/]+)\/runs$/, handler: h(workflowRunsRoute.GET) },
  { method: "GET", pattern: /^\/api\/runs$/, handler: h(runsRoute.GET) },
  { method: "GET", pattern: /^\/api\/audit\/tool-calls$/, handler: h(auditRoute.GET) },
  { method: "GET", pattern: /^\/api\/workflows\/(?<id>[^/]+)\/conversations$/, handler: h(workflowConversationsRoute.GET) },
  { method: "POST", pattern: /^\/api\/workflows\/(?<id>[^/]+)\/conversations$/, handler: h(workflowConversationsRoute.POST) },
  { method: "GET", pattern: /^\/api\/conversations\/(?<id>[^/]+)$/, handler: h(conversationRoute.GET) },
  { method: "PATCH", pattern: /^\/api\/conversations\/(?<id>[^/]+)$/, handler: h(conversationRoute.PATCH) },
  { method: "DELETE", pattern: /^\/api\/conversations\/(?<id>[^/]+)$/, handler: h(conversationRoute.DELETE) },
  { method: "POST", pattern: /^\/api\/conversations\/(?<id>[^/]+)\/messages$/, handler: h(conversationMessagesRoute.POST) },
  { method: "GET", pattern: /^\/api\/runs\/(?<id>[^/]+)$/, handler: h(runRoute.GET) },
  { method: "GET", pattern: /^\/api\/runs\/(?<id>[^/]+)\/events$/, handler: h(runEventsRoute.GET) },
  { method: "POST", pattern: /^\/api\/runs\/(?<id>[^/]+)\/approvals\/(?<callId>[^/]+)$/, handler: h(approvalRoute.POST) },
  { method: "GET", pattern: /^\/api\/secrets$/, handler: h(secretsRoute.GET) },
  { method: "PUT", pattern: /^\/api\/secrets\/(?<name>[^/]+)$/, handler: h(secretRoute.PUT) },
  { method: "DELETE", pattern: /^\/api\/secrets\/(?<name>[^/]+)$/, handler: h(secretRoute.DELETE) },
  { method: "POST", pattern: /^\/api\/runs\/(?<id>[^/]+)\/cancel$/, handler: h(runCancelRoute.POST) },
  { method: "GET", pattern: /^\/api\/runs\/(?<id>[^/]+)\/external\/(?<nodeId>[^/]+)$/, handler: h(externalRoute.GET) },
  { method: "POST", pattern: /^\/api\/runs\/(?<id>[^/]+)\/external\/(?<nodeId>[^/]+)\/done$/, handler: h(externalDoneRoute.POST) },
];

export type TestStack = ApiClient & { account: TestAccount; close: () => Promise<void> };

/** `runConcurrency` defaults to 4 for tests; the bench passes the production default. */
export async function startTestStack({ workers = true, role = "admin" as Role, runConcurrency = 4 } = {}): Promise<TestStack> {
  const served: ServedRoutes = await serveRoutes(appRoutes);
  process.env.SWITCHBOARD_URL = served.url;
  const account = await createTestAccount(role);
  const running: RunningWorkers | undefined = workers ? await startWorkers({ runConcurrency, toolCallConcurrency: 8 }) : undefined;
  return {
    ...apiClient(served.url, account.headers),
    account,
    close: async () => {
      await running?.close();
      await served.close();
    },
  };
}
