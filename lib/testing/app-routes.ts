/**
 * The app's API and MCP route handlers with the paths Next.js would give them, so tests (in
 * process, or in a web process of their own: serve-app-process.ts) serve the real handlers without
 * a Next build.
 */
import * as gatewayRoute from "@/app/api/mcp/gateway/route";
import * as mcpWorkflowsRoute from "@/app/api/mcp/workflows/route";
import * as mcpDiscoverRoute from "@/app/api/mcp/discover/route";
import * as modelsRoute from "@/app/api/models/route";
import * as runEventsRoute from "@/app/api/runs/[id]/events/route";
import * as runRoute from "@/app/api/runs/[id]/route";
import * as runsRoute from "@/app/api/runs/route";
import * as auditRoute from "@/app/api/audit/tool-calls/route";
import * as insightsRoute from "@/app/api/insights/route";
import * as mcpOAuthCallbackRoute from "@/app/api/mcp/oauth/callback/route";
import * as runCancelRoute from "@/app/api/runs/[id]/cancel/route";
import * as externalRoute from "@/app/api/runs/[id]/external/[nodeId]/route";
import * as externalDoneRoute from "@/app/api/runs/[id]/external/[nodeId]/done/route";
import * as workflowRunsRoute from "@/app/api/workflows/[id]/runs/route";
import * as workflowAgUiRoute from "@/app/api/workflows/[id]/ag-ui/route";
import * as a2aRoute from "@/app/api/a2a/[id]/route";
import * as a2aCardRoute from "@/app/api/a2a/[id]/.well-known/agent-card.json/route";
import * as workflowsRoute from "@/app/api/workflows/route";
import * as workflowRoute from "@/app/api/workflows/[id]/route";
import * as workflowDuplicateRoute from "@/app/api/workflows/[id]/duplicate/route";
import * as openApiRoute from "@/app/api/openapi.json/route";
import * as healthRoute from "@/app/api/health/route";
import * as metricsRoute from "@/app/api/metrics/route";
import * as webhookRoute from "@/app/api/hooks/[workflowId]/[nodeId]/route";
import * as approvalRoute from "@/app/api/runs/[id]/approvals/[callId]/route";
import * as runWaitRoute from "@/app/api/runs/[id]/waits/[nodeId]/route";
import * as resumeRoute from "@/app/api/resume/[token]/route";
import * as secretRoute from "@/app/api/secrets/[name]/route";
import * as secretsRoute from "@/app/api/secrets/route";
import * as workflowConversationsRoute from "@/app/api/workflows/[id]/conversations/route";
import * as workflowSchedulesRoute from "@/app/api/workflows/[id]/schedules/route";
import * as variablesRoute from "@/app/api/variables/route";
import * as variableRoute from "@/app/api/variables/[name]/route";
import * as workflowPublishRoute from "@/app/api/workflows/[id]/publish/route";
import * as workflowVersionsRoute from "@/app/api/workflows/[id]/versions/route";
import * as workflowVersionRoute from "@/app/api/workflows/[id]/versions/[number]/route";
import * as workflowRestoreRoute from "@/app/api/workflows/[id]/versions/[number]/restore/route";
import * as conversationRoute from "@/app/api/conversations/[id]/route";
import * as conversationMessagesRoute from "@/app/api/conversations/[id]/messages/route";
import * as datasetsRoute from "@/app/api/workflows/[id]/datasets/route";
import * as datasetRoute from "@/app/api/workflows/[id]/datasets/[dataset]/route";
import * as datasetRowsRoute from "@/app/api/workflows/[id]/datasets/[dataset]/rows/route";
import * as datasetRowRoute from "@/app/api/workflows/[id]/datasets/[dataset]/rows/[row]/route";
import * as evaluationsRoute from "@/app/api/workflows/[id]/evaluations/route";
import * as evaluationRoute from "@/app/api/workflows/[id]/evaluations/[evaluation]/route";
import * as evaluationCompareRoute from "@/app/api/workflows/[id]/evaluations/[evaluation]/compare/route";
import * as knowledgeBasesRoute from "@/app/api/knowledge/route";
import * as knowledgeBaseRoute from "@/app/api/knowledge/[id]/route";
import * as knowledgeDocumentsRoute from "@/app/api/knowledge/[id]/documents/route";
import * as knowledgeDocumentRoute from "@/app/api/knowledge/[id]/documents/[documentId]/route";
import * as knowledgeReindexRoute from "@/app/api/knowledge/[id]/reindex/route";
import * as knowledgeSearchRoute from "@/app/api/knowledge/[id]/search/route";
import * as workflowPublicChatRoute from "@/app/api/workflows/[id]/public-chat/route";
import * as publicChatRoute from "@/app/api/public-chat/[publicId]/route";
import * as publicChatSessionRoute from "@/app/api/public-chat/[publicId]/session/route";
import * as publicChatConversationRoute from "@/app/api/public-chat/[publicId]/conversation/route";
import * as publicChatMessagesRoute from "@/app/api/public-chat/[publicId]/messages/route";
import * as publicChatWidgetRoute from "@/app/api/public-chat/[publicId]/widget.js/route";
import * as foldersRoute from "@/app/api/folders/route";
import * as folderRoute from "@/app/api/folders/[id]/route";
import * as folderMembersRoute from "@/app/api/folders/[id]/members/route";
import * as folderMemberRoute from "@/app/api/folders/[id]/members/[userId]/route";
import type { Route, RouteHandler } from "./serve-web-handler";

const h = (handler: unknown) => handler as RouteHandler;

export const appRoutes: Route[] = [
  { method: "POST", pattern: /^\/api\/mcp\/gateway$/, handler: h(gatewayRoute.POST) },
  { method: "GET", pattern: /^\/api\/mcp\/gateway$/, handler: h(gatewayRoute.GET) },
  { method: "DELETE", pattern: /^\/api\/mcp\/gateway$/, handler: h(gatewayRoute.DELETE) },
  { method: "POST", pattern: /^\/api\/mcp\/workflows$/, handler: h(mcpWorkflowsRoute.POST) },
  { method: "POST", pattern: /^\/api\/mcp\/discover$/, handler: h(mcpDiscoverRoute.POST) },
  { method: "POST", pattern: /^\/api\/models$/, handler: h(modelsRoute.POST) },
  { method: "GET", pattern: /^\/api\/mcp\/workflows$/, handler: h(mcpWorkflowsRoute.GET) },
  { method: "DELETE", pattern: /^\/api\/mcp\/workflows$/, handler: h(mcpWorkflowsRoute.DELETE) },
  { method: "GET", pattern: /^\/api\/mcp\/oauth\/callback$/, handler: h(mcpOAuthCallbackRoute.GET) },
  { method: "GET", pattern: /^\/api\/health$/, handler: h(healthRoute.GET) },
  { method: "GET", pattern: /^\/api\/metrics$/, handler: h(metricsRoute.GET) },
  { method: "POST", pattern: /^\/api\/hooks\/(?<workflowId>[^/]+)\/(?<nodeId>[^/]+)$/, handler: h(webhookRoute.POST) },
  { method: "POST", pattern: /^\/api\/resume\/(?<token>[^/]+)$/, handler: h(resumeRoute.POST) },
  { method: "GET", pattern: /^\/api\/runs\/(?<id>[^/]+)\/waits\/(?<nodeId>[^/]+)$/, handler: h(runWaitRoute.GET) },
  { method: "POST", pattern: /^\/api\/runs\/(?<id>[^/]+)\/waits\/(?<nodeId>[^/]+)$/, handler: h(runWaitRoute.POST) },
  { method: "GET", pattern: /^\/api\/workflows$/, handler: h(workflowsRoute.GET) },
  { method: "POST", pattern: /^\/api\/workflows$/, handler: h(workflowsRoute.POST) },
  ...(["GET", "PUT", "PATCH", "DELETE"] as const).map((method) => ({
    method,
    pattern: /^\/api\/workflows\/(?<id>[^/]+)$/,
    handler: h(workflowRoute[method]),
  })),
  { method: "POST", pattern: /^\/api\/workflows\/(?<id>[^/]+)\/duplicate$/, handler: h(workflowDuplicateRoute.POST) },
  { method: "GET", pattern: /^\/api\/openapi\.json$/, handler: h(openApiRoute.GET) },
  { method: "POST", pattern: /^\/api\/workflows\/(?<id>[^/]+)\/runs$/, handler: h(workflowRunsRoute.POST) },
  { method: "GET", pattern: /^\/api\/workflows\/(?<id>[^/]+)\/runs$/, handler: h(workflowRunsRoute.GET) },
  { method: "POST", pattern: /^\/api\/workflows\/(?<id>[^/]+)\/ag-ui$/, handler: h(workflowAgUiRoute.POST) },
  { method: "POST", pattern: /^\/api\/a2a\/(?<id>[^/]+)$/, handler: h(a2aRoute.POST) },
  {
    method: "GET",
    pattern: /^\/api\/a2a\/(?<id>[^/]+)\/\.well-known\/agent-card\.json$/,
    handler: h(a2aCardRoute.GET),
  },
  { method: "GET", pattern: /^\/api\/runs$/, handler: h(runsRoute.GET) },
  { method: "GET", pattern: /^\/api\/audit\/tool-calls$/, handler: h(auditRoute.GET) },
  { method: "GET", pattern: /^\/api\/insights$/, handler: h(insightsRoute.GET) },
  {
    method: "GET",
    pattern: /^\/api\/workflows\/(?<id>[^/]+)\/conversations$/,
    handler: h(workflowConversationsRoute.GET),
  },
  { method: "GET", pattern: /^\/api\/workflows\/(?<id>[^/]+)\/schedules$/, handler: h(workflowSchedulesRoute.GET) },
  { method: "GET", pattern: /^\/api\/variables$/, handler: h(variablesRoute.GET) },
  { method: "GET", pattern: /^\/api\/knowledge$/, handler: h(knowledgeBasesRoute.GET) },
  { method: "POST", pattern: /^\/api\/knowledge$/, handler: h(knowledgeBasesRoute.POST) },
  { method: "GET", pattern: /^\/api\/knowledge\/(?<id>[^/]+)$/, handler: h(knowledgeBaseRoute.GET) },
  { method: "DELETE", pattern: /^\/api\/knowledge\/(?<id>[^/]+)$/, handler: h(knowledgeBaseRoute.DELETE) },
  ...(
    [
      ["documents", knowledgeDocumentsRoute.POST],
      ["reindex", knowledgeReindexRoute.POST],
      ["search", knowledgeSearchRoute.POST],
    ] as const
  ).map(([action, handler]) => ({
    method: "POST",
    pattern: new RegExp(`^/api/knowledge/(?<id>[^/]+)/${action}$`),
    handler: h(handler),
  })),
  {
    method: "DELETE",
    pattern: /^\/api\/knowledge\/(?<id>[^/]+)\/documents\/(?<documentId>[^/]+)$/,
    handler: h(knowledgeDocumentRoute.DELETE),
  },
  { method: "PUT", pattern: /^\/api\/variables\/(?<name>[^/]+)$/, handler: h(variableRoute.PUT) },
  { method: "DELETE", pattern: /^\/api\/variables\/(?<name>[^/]+)$/, handler: h(variableRoute.DELETE) },
  { method: "GET", pattern: /^\/api\/folders$/, handler: h(foldersRoute.GET) },
  { method: "POST", pattern: /^\/api\/folders$/, handler: h(foldersRoute.POST) },
  { method: "GET", pattern: /^\/api\/folders\/(?<id>[^/]+)$/, handler: h(folderRoute.GET) },
  { method: "PATCH", pattern: /^\/api\/folders\/(?<id>[^/]+)$/, handler: h(folderRoute.PATCH) },
  { method: "DELETE", pattern: /^\/api\/folders\/(?<id>[^/]+)$/, handler: h(folderRoute.DELETE) },
  { method: "GET", pattern: /^\/api\/folders\/(?<id>[^/]+)\/members$/, handler: h(folderMembersRoute.GET) },
  ...(["GET", "PUT", "DELETE"] as const).map((method) => ({
    method,
    pattern: /^\/api\/folders\/(?<id>[^/]+)\/members\/(?<userId>[^/]+)$/,
    handler: h(folderMemberRoute[method]),
  })),
  { method: "POST", pattern: /^\/api\/workflows\/(?<id>[^/]+)\/publish$/, handler: h(workflowPublishRoute.POST) },
  { method: "GET", pattern: /^\/api\/workflows\/(?<id>[^/]+)\/versions$/, handler: h(workflowVersionsRoute.GET) },
  {
    method: "GET",
    pattern: /^\/api\/workflows\/(?<id>[^/]+)\/versions\/(?<number>[^/]+)$/,
    handler: h(workflowVersionRoute.GET),
  },
  {
    method: "POST",
    pattern: /^\/api\/workflows\/(?<id>[^/]+)\/versions\/(?<number>[^/]+)\/restore$/,
    handler: h(workflowRestoreRoute.POST),
  },
  {
    method: "POST",
    pattern: /^\/api\/workflows\/(?<id>[^/]+)\/conversations$/,
    handler: h(workflowConversationsRoute.POST),
  },
  { method: "GET", pattern: /^\/api\/conversations\/(?<id>[^/]+)$/, handler: h(conversationRoute.GET) },
  { method: "PATCH", pattern: /^\/api\/conversations\/(?<id>[^/]+)$/, handler: h(conversationRoute.PATCH) },
  { method: "DELETE", pattern: /^\/api\/conversations\/(?<id>[^/]+)$/, handler: h(conversationRoute.DELETE) },
  {
    method: "POST",
    pattern: /^\/api\/conversations\/(?<id>[^/]+)\/messages$/,
    handler: h(conversationMessagesRoute.POST),
  },
  { method: "GET", pattern: /^\/api\/runs\/(?<id>[^/]+)$/, handler: h(runRoute.GET) },
  { method: "GET", pattern: /^\/api\/runs\/(?<id>[^/]+)\/events$/, handler: h(runEventsRoute.GET) },
  {
    method: "POST",
    pattern: /^\/api\/runs\/(?<id>[^/]+)\/approvals\/(?<callId>[^/]+)$/,
    handler: h(approvalRoute.POST),
  },
  { method: "GET", pattern: /^\/api\/secrets$/, handler: h(secretsRoute.GET) },
  { method: "PUT", pattern: /^\/api\/secrets\/(?<name>[^/]+)$/, handler: h(secretRoute.PUT) },
  { method: "DELETE", pattern: /^\/api\/secrets\/(?<name>[^/]+)$/, handler: h(secretRoute.DELETE) },
  { method: "POST", pattern: /^\/api\/runs\/(?<id>[^/]+)\/cancel$/, handler: h(runCancelRoute.POST) },
  { method: "GET", pattern: /^\/api\/runs\/(?<id>[^/]+)\/external\/(?<nodeId>[^/]+)$/, handler: h(externalRoute.GET) },
  {
    method: "POST",
    pattern: /^\/api\/runs\/(?<id>[^/]+)\/external\/(?<nodeId>[^/]+)\/done$/,
    handler: h(externalDoneRoute.POST),
  },
  { method: "GET", pattern: /^\/api\/workflows\/(?<id>[^/]+)\/datasets$/, handler: h(datasetsRoute.GET) },
  { method: "POST", pattern: /^\/api\/workflows\/(?<id>[^/]+)\/datasets$/, handler: h(datasetsRoute.POST) },
  ...(["GET", "PATCH", "DELETE"] as const).map((method) => ({
    method,
    pattern: /^\/api\/workflows\/(?<id>[^/]+)\/datasets\/(?<dataset>[^/]+)$/,
    handler: h(datasetRoute[method]),
  })),
  {
    method: "POST",
    pattern: /^\/api\/workflows\/(?<id>[^/]+)\/datasets\/(?<dataset>[^/]+)\/rows$/,
    handler: h(datasetRowsRoute.POST),
  },
  ...(["PUT", "DELETE"] as const).map((method) => ({
    method,
    pattern: /^\/api\/workflows\/(?<id>[^/]+)\/datasets\/(?<dataset>[^/]+)\/rows\/(?<row>[^/]+)$/,
    handler: h(datasetRowRoute[method]),
  })),
  { method: "GET", pattern: /^\/api\/workflows\/(?<id>[^/]+)\/evaluations$/, handler: h(evaluationsRoute.GET) },
  { method: "POST", pattern: /^\/api\/workflows\/(?<id>[^/]+)\/evaluations$/, handler: h(evaluationsRoute.POST) },
  {
    method: "GET",
    pattern: /^\/api\/workflows\/(?<id>[^/]+)\/evaluations\/(?<evaluation>[^/]+)$/,
    handler: h(evaluationRoute.GET),
  },
  {
    method: "GET",
    pattern: /^\/api\/workflows\/(?<id>[^/]+)\/evaluations\/(?<evaluation>[^/]+)\/compare$/,
    handler: h(evaluationCompareRoute.GET),
  },
  ...(["GET", "PUT"] as const).map((method) => ({
    method,
    pattern: /^\/api\/workflows\/(?<id>[^/]+)\/public-chat$/,
    handler: h(workflowPublicChatRoute[method]),
  })),
  ...(["GET", "OPTIONS"] as const).map((method) => ({
    method,
    pattern: /^\/api\/public-chat\/(?<publicId>[^/]+)$/,
    handler: h(publicChatRoute[method]),
  })),
  ...(["POST", "OPTIONS"] as const).map((method) => ({
    method,
    pattern: /^\/api\/public-chat\/(?<publicId>[^/]+)\/session$/,
    handler: h(publicChatSessionRoute[method]),
  })),
  ...(["GET", "POST", "OPTIONS"] as const).map((method) => ({
    method,
    pattern: /^\/api\/public-chat\/(?<publicId>[^/]+)\/conversation$/,
    handler: h(publicChatConversationRoute[method]),
  })),
  ...(["POST", "OPTIONS"] as const).map((method) => ({
    method,
    pattern: /^\/api\/public-chat\/(?<publicId>[^/]+)\/messages$/,
    handler: h(publicChatMessagesRoute[method]),
  })),
  {
    method: "GET",
    pattern: /^\/api\/public-chat\/(?<publicId>[^/]+)\/widget\.js$/,
    handler: h(publicChatWidgetRoute.GET),
  },
];
