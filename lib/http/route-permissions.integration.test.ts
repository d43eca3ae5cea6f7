/**
 * Every route handler × every kind of caller, over real HTTP against the real handlers, database
 * and Redis: no credentials, each role by API key and by session cookie, an editor's key limited
 * to the table's workflow and one limited to another, a cross-site browser post, a foreign Host
 * and a text/plain body. A route file the table does not list fails the test.
 */
import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getAuth } from "../auth/auth";
import { hasRole, type Role } from "../auth/roles";
import { getDb } from "../db/client";
import { createTestAccount, createTestApiKey, type TestAccount, type TestApiKey } from "../testing/test-accounts";
import { appRoutes } from "../testing/app-routes";
import { routeFileMethods } from "../testing/route-files";
import { serveRoutes, type ServedRoutes } from "../testing/serve-web-handler";
import { createFolder, setFolderMember } from "../workflow-store/folders";

type Access = Role | "public" | "run-token";
/**
 * `limited`: how the route treats an API key limited to some workflows — "workflow" checks the
 * workflow the path is about (`outsideLimit`: the answer for a key limited to another one, 403
 * unless said), "filtered" narrows its answer; absent, such keys get 403.
 */
type Row = {
  method: string;
  route: string;
  access: Access;
  path: (tag: string) => string;
  body?: unknown;
  allowed: number[];
  limited?: "workflow" | "filtered";
  outsideLimit?: number[];
};

let served: ServedRoutes;
let workflowId = "";
let runId = "";
let conversationId = "";
let otherWorkflowId = "";
let doomedWorkflowId = "";
let evaluationId = "";
/** The first row of the "perm" and "doomed" datasets. */
const datasetRowIds: Record<string, string> = {};
let publicChatId = "";
const folderIds = { shared: "", doomed: "" };
let leaver: TestAccount;
const limitedKeys = {} as Record<"inside" | "outside", TestApiKey>;
const accounts = {} as Record<Role, TestAccount>;
const cookies = {} as Record<Role, string>;

const graph = {
  name: "permissions",
  nodes: [
    { id: "entry", type: "core.entry", position: { x: 0, y: 0 }, data: { label: "Entry", mode: "normal", params: {} } },
    {
      id: "hook",
      type: "trigger.webhook",
      position: { x: 0, y: 200 },
      data: { label: "Hook", mode: "normal", params: {} },
    },
  ],
  edges: [],
};

/** The table: each route handler, the least role that may call it, and the answers that mean "let in". */
const ROWS: Row[] = [
  { method: "GET", route: "/api/health", access: "public", path: () => "/api/health", allowed: [200] },
  { method: "GET", route: "/api/metrics", access: "admin", path: () => "/api/metrics", allowed: [200] },
  {
    method: "GET",
    route: "/api/workflows",
    access: "viewer",
    path: () => "/api/workflows",
    allowed: [200],
    limited: "filtered",
  },
  {
    method: "POST",
    route: "/api/workflows",
    access: "editor",
    path: () => "/api/workflows",
    body: graph,
    allowed: [201],
  },
  {
    method: "GET",
    route: "/api/workflows/[id]",
    access: "viewer",
    path: () => `/api/workflows/${workflowId}`,
    allowed: [200],
    limited: "workflow",
  },
  {
    method: "PUT",
    route: "/api/workflows/[id]",
    access: "editor",
    path: () => `/api/workflows/${workflowId}`,
    body: { name: "permissions", graph: { nodes: graph.nodes, edges: graph.edges } },
    allowed: [200],
    limited: "workflow",
  },
  {
    method: "PATCH",
    route: "/api/workflows/[id]",
    access: "editor",
    path: () => `/api/workflows/${workflowId}`,
    body: { name: "permissions" },
    allowed: [200],
    limited: "workflow",
  },
  // The first caller let in deletes the doomed workflow; the others find it gone.
  {
    method: "DELETE",
    route: "/api/workflows/[id]",
    access: "editor",
    path: () => `/api/workflows/${doomedWorkflowId}`,
    allowed: [204, 404],
    limited: "workflow",
  },
  {
    method: "POST",
    route: "/api/workflows/[id]/duplicate",
    access: "editor",
    path: () => `/api/workflows/${workflowId}/duplicate`,
    body: {},
    allowed: [201],
  },
  {
    method: "GET",
    route: "/api/openapi.json",
    access: "viewer",
    path: () => "/api/openapi.json",
    allowed: [200],
    limited: "filtered",
  },
  {
    method: "POST",
    route: "/api/workflows/[id]/runs",
    access: "editor",
    path: () => `/api/workflows/${workflowId}/runs`,
    body: {},
    allowed: [201],
    limited: "workflow",
  },
  {
    method: "GET",
    route: "/api/a2a/[id]/.well-known/agent-card.json",
    access: "viewer",
    path: () => `/api/a2a/${workflowId}/.well-known/agent-card.json`,
    // The table's workflow is not exposed over A2A: reaching the handler is a 404.
    allowed: [404],
    limited: "workflow",
  },
  {
    method: "POST",
    route: "/api/a2a/[id]",
    access: "editor",
    path: () => `/api/a2a/${workflowId}`,
    body: { jsonrpc: "2.0", id: 1, method: "tasks/get", params: { id: "none" } },
    allowed: [404],
    limited: "workflow",
  },
  {
    method: "POST",
    route: "/api/workflows/[id]/ag-ui",
    access: "editor",
    path: () => `/api/workflows/${workflowId}/ag-ui`,
    body: { threadId: "t", runId: "r", messages: [{ id: "m", role: "user", content: "hi" }] },
    allowed: [200],
    limited: "workflow",
  },
  {
    method: "GET",
    route: "/api/workflows/[id]/public-chat",
    access: "viewer",
    path: () => `/api/workflows/${workflowId}/public-chat`,
    allowed: [200],
    limited: "workflow",
  },
  {
    method: "PUT",
    route: "/api/workflows/[id]/public-chat",
    access: "editor",
    path: () => `/api/workflows/${workflowId}/public-chat`,
    body: { title: "Permissions" },
    allowed: [200],
    limited: "workflow",
  },
  // The public chat (lib/public-chat): PUBLIC, no account — its public id opens it, a visitor token (not an account's
  // key or cookie) opens a visitor's conversation, and browser pages are held to the chat's allowed origins.
  {
    method: "GET",
    route: "/api/public-chat/[publicId]",
    access: "public",
    path: () => `/api/public-chat/${publicChatId}`,
    allowed: [200],
  },
  {
    method: "POST",
    route: "/api/public-chat/[publicId]/session",
    access: "public",
    path: () => `/api/public-chat/${publicChatId}/session`,
    body: {},
    allowed: [201],
  },
  {
    method: "GET",
    route: "/api/public-chat/[publicId]/conversation",
    access: "public",
    path: () => `/api/public-chat/${publicChatId}/conversation`,
    allowed: [401],
  },
  {
    method: "POST",
    route: "/api/public-chat/[publicId]/conversation",
    access: "public",
    path: () => `/api/public-chat/${publicChatId}/conversation`,
    body: {},
    allowed: [401],
  },
  {
    method: "POST",
    route: "/api/public-chat/[publicId]/messages",
    access: "public",
    path: () => `/api/public-chat/${publicChatId}/messages`,
    body: { message: "hi" },
    allowed: [401],
  },
  {
    method: "GET",
    route: "/api/public-chat/[publicId]/widget.js",
    access: "public",
    path: () => `/api/public-chat/${publicChatId}/widget.js`,
    allowed: [200],
  },
  {
    method: "GET",
    route: "/api/workflows/[id]/runs",
    access: "viewer",
    path: () => `/api/workflows/${workflowId}/runs`,
    allowed: [200],
    limited: "workflow",
  },
  {
    method: "GET",
    route: "/api/runs",
    access: "viewer",
    path: () => "/api/runs?limit=5",
    allowed: [200],
    limited: "filtered",
  },
  {
    method: "GET",
    route: "/api/insights",
    access: "viewer",
    path: () => "/api/insights?range=30d",
    allowed: [200],
    limited: "filtered",
  },
  {
    method: "GET",
    route: "/api/audit/tool-calls",
    access: "viewer",
    path: () => "/api/audit/tool-calls?limit=5",
    allowed: [200],
  },
  {
    method: "GET",
    route: "/api/workflows/[id]/schedules",
    access: "viewer",
    path: () => `/api/workflows/${workflowId}/schedules`,
    allowed: [200],
    limited: "workflow",
  },
  {
    method: "GET",
    route: "/api/variables",
    access: "viewer",
    path: () => "/api/variables",
    allowed: [200],
    limited: "filtered",
  },
  {
    method: "PUT",
    route: "/api/variables/[name]",
    access: "editor",
    path: () => `/api/variables/TABLE_VAR?workflowId=${workflowId}`,
    body: { value: "from the table" },
    allowed: [200],
    limited: "workflow",
    outsideLimit: [403],
  },
  {
    method: "DELETE",
    route: "/api/variables/[name]",
    access: "editor",
    path: () => `/api/variables/NO_SUCH_VAR?workflowId=${workflowId}`,
    allowed: [404],
    limited: "workflow",
  },
  { method: "GET", route: "/api/knowledge", access: "viewer", path: () => "/api/knowledge", allowed: [200] },
  {
    method: "POST",
    route: "/api/knowledge",
    access: "editor",
    path: () => "/api/knowledge",
    body: { name: "permissions-kb", embedding: { provider: "ollama", model: "nomic-embed-text" } },
    allowed: [201, 409],
  },
  ...(["GET", "DELETE"] as const).map((method) => ({
    method,
    route: "/api/knowledge/[id]",
    access: method === "GET" ? ("viewer" as const) : ("editor" as const),
    path: () => "/api/knowledge/NO_SUCH_KB",
    allowed: [404],
  })),
  {
    method: "POST",
    route: "/api/knowledge/[id]/documents",
    access: "editor",
    path: () => "/api/knowledge/NO_SUCH_KB/documents",
    body: { name: "a.txt", text: "a" },
    allowed: [404],
  },
  {
    method: "DELETE",
    route: "/api/knowledge/[id]/documents/[documentId]",
    access: "editor",
    path: () => "/api/knowledge/NO_SUCH_KB/documents/NO_SUCH_DOC",
    allowed: [404],
  },
  {
    method: "POST",
    route: "/api/knowledge/[id]/reindex",
    access: "editor",
    path: () => "/api/knowledge/NO_SUCH_KB/reindex",
    allowed: [404],
  },
  {
    method: "POST",
    route: "/api/knowledge/[id]/search",
    access: "viewer",
    path: () => "/api/knowledge/NO_SUCH_KB/search",
    body: { query: "a" },
    allowed: [404],
  },
  {
    method: "POST",
    route: "/api/workflows/[id]/publish",
    access: "editor",
    path: () => `/api/workflows/${workflowId}/publish`,
    body: { note: "from the permission table" },
    allowed: [201],
    limited: "workflow",
  },
  {
    method: "GET",
    route: "/api/workflows/[id]/versions",
    access: "viewer",
    path: () => `/api/workflows/${workflowId}/versions`,
    allowed: [200],
    limited: "workflow",
  },
  {
    method: "GET",
    route: "/api/workflows/[id]/versions/[number]",
    access: "viewer",
    path: () => `/api/workflows/${workflowId}/versions/1`,
    allowed: [200],
    limited: "workflow",
  },
  {
    method: "POST",
    route: "/api/workflows/[id]/versions/[number]/restore",
    access: "editor",
    path: () => `/api/workflows/${workflowId}/versions/1/restore`,
    allowed: [200],
    limited: "workflow",
  },
  {
    method: "GET",
    route: "/api/workflows/[id]/datasets",
    access: "viewer",
    path: () => `/api/workflows/${workflowId}/datasets`,
    allowed: [200],
    limited: "workflow",
  },
  // The first caller let in makes the dataset; the others find the name taken.
  {
    method: "POST",
    route: "/api/workflows/[id]/datasets",
    access: "editor",
    path: () => `/api/workflows/${workflowId}/datasets`,
    body: { name: "made by the permission table" },
    allowed: [201, 409],
    limited: "workflow",
  },
  {
    method: "GET",
    route: "/api/workflows/[id]/datasets/[dataset]",
    access: "viewer",
    path: () => `/api/workflows/${workflowId}/datasets/perm`,
    allowed: [200],
    limited: "workflow",
  },
  // Changing only the description leaves the name the other rows use.
  {
    method: "PATCH",
    route: "/api/workflows/[id]/datasets/[dataset]",
    access: "editor",
    path: () => `/api/workflows/${workflowId}/datasets/perm`,
    body: { description: "described by the permission table" },
    allowed: [200],
    limited: "workflow",
  },
  // The first caller let in deletes the doomed dataset; the others find it gone.
  {
    method: "DELETE",
    route: "/api/workflows/[id]/datasets/[dataset]",
    access: "editor",
    path: () => `/api/workflows/${workflowId}/datasets/doomed`,
    allowed: [204, 404],
    limited: "workflow",
  },
  {
    method: "POST",
    route: "/api/workflows/[id]/datasets/[dataset]/rows",
    access: "editor",
    path: () => `/api/workflows/${workflowId}/datasets/perm/rows`,
    body: { rows: [{ input: "more" }] },
    allowed: [201],
    limited: "workflow",
  },
  {
    method: "PUT",
    route: "/api/workflows/[id]/datasets/[dataset]/rows/[row]",
    access: "editor",
    path: () => `/api/workflows/${workflowId}/datasets/perm/rows/${datasetRowIds.perm}`,
    body: { input: "changed", expectations: { output: "changed" } },
    allowed: [200],
    limited: "workflow",
  },
  // The first caller let in deletes the row; the others find it gone (or its dataset, deleted above).
  {
    method: "DELETE",
    route: "/api/workflows/[id]/datasets/[dataset]/rows/[row]",
    access: "editor",
    path: () => `/api/workflows/${workflowId}/datasets/perm/rows/${datasetRowIds.doomedRow}`,
    allowed: [204, 404],
    limited: "workflow",
  },
  {
    method: "GET",
    route: "/api/workflows/[id]/evaluations",
    access: "viewer",
    path: () => `/api/workflows/${workflowId}/evaluations`,
    allowed: [200],
    limited: "workflow",
  },
  {
    method: "POST",
    route: "/api/workflows/[id]/evaluations",
    access: "editor",
    path: () => `/api/workflows/${workflowId}/evaluations`,
    body: { dataset: "perm", evaluators: [{ kind: "toolNotCalled", tool: "anything" }] },
    allowed: [201],
    limited: "workflow",
  },
  {
    method: "GET",
    route: "/api/workflows/[id]/evaluations/[evaluation]",
    access: "viewer",
    path: () => `/api/workflows/${workflowId}/evaluations/${evaluationId}`,
    allowed: [200],
    limited: "workflow",
  },
  {
    method: "GET",
    route: "/api/workflows/[id]/evaluations/[evaluation]/compare",
    access: "viewer",
    path: () => `/api/workflows/${workflowId}/evaluations/${evaluationId}/compare?with=${evaluationId}`,
    allowed: [200],
    limited: "workflow",
  },
  {
    method: "GET",
    route: "/api/workflows/[id]/conversations",
    access: "viewer",
    path: () => `/api/workflows/${workflowId}/conversations`,
    allowed: [200],
    limited: "workflow",
  },
  {
    method: "POST",
    route: "/api/workflows/[id]/conversations",
    access: "editor",
    path: () => `/api/workflows/${workflowId}/conversations`,
    body: {},
    allowed: [201],
    limited: "workflow",
  },
  {
    method: "GET",
    route: "/api/conversations/[id]",
    access: "viewer",
    path: () => `/api/conversations/${conversationId}`,
    allowed: [200],
    limited: "workflow",
  },
  {
    method: "PATCH",
    route: "/api/conversations/[id]",
    access: "editor",
    path: () => `/api/conversations/${conversationId}`,
    body: { title: "renamed" },
    allowed: [200],
    limited: "workflow",
  },
  {
    method: "DELETE",
    route: "/api/conversations/[id]",
    access: "editor",
    path: () => "/api/conversations/no-such-conversation",
    allowed: [404],
    limited: "workflow",
    outsideLimit: [404],
  },
  {
    method: "POST",
    route: "/api/conversations/[id]/messages",
    access: "editor",
    path: () => `/api/conversations/${conversationId}/messages`,
    body: { text: "hello" },
    allowed: [201],
    limited: "workflow",
  },
  // Without the trigger's secret (it has none), a webhook takes an editor's credentials.
  {
    method: "POST",
    route: "/api/hooks/[workflowId]/[nodeId]",
    access: "editor",
    path: () => `/api/hooks/${workflowId}/hook`,
    body: { event: "ping" },
    allowed: [202],
    limited: "workflow",
  },
  {
    method: "GET",
    route: "/api/runs/[id]",
    access: "viewer",
    path: () => `/api/runs/${runId}`,
    allowed: [200],
    limited: "workflow",
  },
  {
    method: "GET",
    route: "/api/runs/[id]/events",
    access: "viewer",
    path: () => `/api/runs/${runId}/events`,
    allowed: [200],
    limited: "workflow",
  },
  {
    method: "POST",
    route: "/api/runs/[id]/cancel",
    access: "editor",
    path: () => `/api/runs/${runId}/cancel`,
    allowed: [202, 409],
    limited: "workflow",
  },
  {
    method: "POST",
    route: "/api/runs/[id]/approvals/[callId]",
    access: "editor",
    path: () => `/api/runs/${runId}/approvals/agent%3Acall_1`,
    body: { decision: "approved" },
    allowed: [404],
    limited: "workflow",
  },
  {
    method: "GET",
    route: "/api/runs/[id]/external/[nodeId]",
    access: "editor",
    path: () => `/api/runs/${runId}/external/nobody`,
    allowed: [404],
    limited: "workflow",
  },
  {
    method: "POST",
    route: "/api/runs/[id]/external/[nodeId]/done",
    access: "editor",
    path: () => `/api/runs/${runId}/external/nobody/done`,
    body: { text: "done" },
    allowed: [404],
    limited: "workflow",
  },
  {
    method: "GET",
    route: "/api/runs/[id]/waits/[nodeId]",
    access: "editor",
    path: () => `/api/runs/${runId}/waits/nobody`,
    allowed: [404],
    limited: "workflow",
  },
  {
    method: "POST",
    route: "/api/runs/[id]/waits/[nodeId]",
    access: "editor",
    path: () => `/api/runs/${runId}/waits/nobody`,
    body: { decision: "approved" },
    allowed: [404],
    limited: "workflow",
  },
  // A one-time resume URL: its token is the credential (a forged one opens nothing).
  {
    method: "POST",
    route: "/api/resume/[token]",
    access: "public",
    path: () => "/api/resume/not-a-wait.forged",
    body: { ok: true },
    allowed: [404],
  },
  // Folders: the table's folder is the editor's (its maker manages it) and the viewer is a member; TAG in a body
  // becomes each caller's own word, so each makes a folder of its own.
  { method: "GET", route: "/api/folders", access: "viewer", path: () => "/api/folders", allowed: [200] },
  {
    method: "POST",
    route: "/api/folders",
    access: "editor",
    path: () => "/api/folders",
    body: { name: "permissions TAG" },
    allowed: [201],
  },
  {
    method: "GET",
    route: "/api/folders/[id]",
    access: "viewer",
    path: () => `/api/folders/${folderIds.shared}`,
    allowed: [200],
  },
  {
    method: "PATCH",
    route: "/api/folders/[id]",
    access: "editor",
    path: () => `/api/folders/${folderIds.shared}`,
    body: { name: `permissions shared` },
    allowed: [200],
  },
  // The first caller let in deletes the doomed folder; the others find it gone.
  {
    method: "DELETE",
    route: "/api/folders/[id]",
    access: "editor",
    path: () => `/api/folders/${folderIds.doomed}`,
    allowed: [204, 404],
  },
  {
    method: "GET",
    route: "/api/folders/[id]/members",
    access: "viewer",
    path: () => `/api/folders/${folderIds.shared}/members`,
    allowed: [200],
  },
  {
    method: "GET",
    route: "/api/folders/[id]/members/[userId]",
    access: "viewer",
    path: () => `/api/folders/${folderIds.shared}/members/${accounts.viewer.userId}`,
    allowed: [200],
  },
  {
    method: "PUT",
    route: "/api/folders/[id]/members/[userId]",
    access: "editor",
    path: () => `/api/folders/${folderIds.shared}/members/${accounts.viewer.userId}`,
    body: { role: "viewer" },
    allowed: [200],
  },
  // The first caller let in takes the leaver out; the others find them gone.
  {
    method: "DELETE",
    route: "/api/folders/[id]/members/[userId]",
    access: "editor",
    path: () => `/api/folders/${folderIds.shared}/members/${leaver.userId}`,
    allowed: [204, 404],
  },
  { method: "GET", route: "/api/secrets", access: "editor", path: () => "/api/secrets", allowed: [200] },
  {
    method: "PUT",
    route: "/api/secrets/[name]",
    access: "admin",
    path: (tag) => `/api/secrets/PERM_${tag}`,
    body: { value: "v" },
    allowed: [200],
  },
  {
    method: "DELETE",
    route: "/api/secrets/[name]",
    access: "admin",
    path: () => "/api/secrets/PERM_NONE",
    allowed: [404],
  },
  {
    method: "POST",
    route: "/api/mcp/gateway",
    access: "run-token",
    path: () => "/api/mcp/gateway",
    body: { jsonrpc: "2.0", id: 1, method: "tools/list" },
    allowed: [],
  },
  // Discover tools: an editor may discover a remote server (this one answers that it cannot connect).
  {
    method: "POST",
    route: "/api/mcp/discover",
    access: "editor",
    path: () => "/api/mcp/discover",
    body: { nodeId: "n", type: "mcp.server", label: "x", params: { transport: "http", url: "http://127.0.0.1:1/mcp" } },
    allowed: [200],
  },
  // The model picker: an editor may ask a provider for its models (this one answers that it cannot connect).
  {
    method: "POST",
    route: "/api/models",
    access: "editor",
    path: () => "/api/models",
    body: { provider: "ollama", params: { ollamaBaseUrl: "http://127.0.0.1:1" } },
    allowed: [200],
  },
  // Switchboard's own MCP server: any signed-in role may connect (running needs an editor, and a key's workflow limit,
  // checked per tool).
  {
    method: "POST",
    route: "/api/mcp/workflows",
    access: "viewer",
    path: () => "/api/mcp/workflows",
    body: { jsonrpc: "2.0", id: 1, method: "tools/list" },
    allowed: [200, 406],
    limited: "filtered",
  },
  {
    method: "GET",
    route: "/api/mcp/workflows",
    access: "viewer",
    path: () => "/api/mcp/workflows",
    allowed: [405],
    limited: "filtered",
  },
  {
    method: "DELETE",
    route: "/api/mcp/workflows",
    access: "viewer",
    path: () => "/api/mcp/workflows",
    allowed: [405],
    limited: "filtered",
  },
  {
    method: "GET",
    route: "/api/mcp/oauth/callback",
    access: "editor",
    path: () => "/api/mcp/oauth/callback?code=c&state=nope",
    allowed: [400],
  },
  { method: "GET", route: "/api/mcp/gateway", access: "run-token", path: () => "/api/mcp/gateway", allowed: [] },
  { method: "DELETE", route: "/api/mcp/gateway", access: "run-token", path: () => "/api/mcp/gateway", allowed: [] },
];

type Caller = { name: string; headers: () => Record<string, string>; role?: Role; limit?: "inside" | "outside" };
const CALLERS: Caller[] = [
  { name: "no credentials", headers: () => ({}) },
  ...(["viewer", "editor", "admin"] as Role[]).flatMap((role): Caller[] => [
    { name: `${role} API key`, role, headers: () => accounts[role].headers },
    { name: `${role} session`, role, headers: () => ({ cookie: cookies[role] }) },
  ]),
  {
    name: "editor API key limited to this workflow",
    role: "editor",
    limit: "inside",
    headers: () => limitedKeys.inside.headers,
  },
  {
    name: "editor API key limited to another workflow",
    role: "editor",
    limit: "outside",
    headers: () => limitedKeys.outside.headers,
  },
];

function expectedStatus(row: Row, caller: Caller): number[] {
  if (row.access === "public") return row.allowed;
  if (row.access === "run-token") return [401]; // user credentials are not gateway tokens
  if (!caller.role) return [401];
  if (!hasRole(caller.role, row.access)) return [403];
  if (!caller.limit) return row.allowed;
  if (!row.limited) return [403];
  return caller.limit === "outside" && row.limited === "workflow" ? (row.outsideLimit ?? [403]) : row.allowed;
}

async function call(row: Row, headers: Record<string, string>, tag: string): Promise<number> {
  const controller = new AbortController();
  const response = await fetch(`${served.url}${row.path(tag)}`, {
    method: row.method,
    headers: {
      ...(row.body !== undefined ? { "content-type": "application/json" } : {}),
      accept: "application/json, text/event-stream",
      ...headers,
    },
    body: row.body !== undefined ? JSON.stringify(row.body).replaceAll("TAG", tag) : undefined,
    signal: controller.signal,
  });
  controller.abort(); // an event stream would stay open; the status is all we need
  return response.status;
}

/** Node's fetch will not send a Host of our choosing; node:http will. */
function callWithHost(row: Row, host: string): Promise<number> {
  const url = new URL(`${served.url}${row.path("host")}`);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: row.method,
        headers: { host, ...accounts.admin.headers },
      },
      (res) => {
        resolve(res.statusCode ?? 0);
        res.destroy();
      },
    );
    req.on("error", reject);
    req.end();
  });
}

async function signInCookie(account: TestAccount): Promise<string> {
  const response = await getAuth().api.signInEmail({
    body: { email: account.email, password: account.password },
    asResponse: true,
  });
  return response.headers.get("set-cookie")!.split(";")[0];
}

beforeAll(async () => {
  served = await serveRoutes(appRoutes);
  for (const role of ["viewer", "editor", "admin"] as Role[]) {
    accounts[role] = await createTestAccount(role);
    cookies[role] = await signInCookie(accounts[role]);
  }
  const created = await fetch(`${served.url}/api/workflows`, {
    method: "POST",
    headers: { "content-type": "application/json", ...accounts.editor.headers },
    body: JSON.stringify(graph),
  });
  workflowId = ((await created.json()) as { id: string }).id;
  const published = await fetch(`${served.url}/api/workflows/${workflowId}/publish`, {
    method: "POST",
    headers: { "content-type": "application/json", ...accounts.editor.headers },
    body: "{}",
  });
  expect(published.status).toBe(201);
  const started = await fetch(`${served.url}/api/workflows/${workflowId}/runs`, {
    method: "POST",
    headers: { "content-type": "application/json", ...accounts.editor.headers },
    body: "{}",
  });
  runId = ((await started.json()) as { runId: string }).runId;
  const conversation = await fetch(`${served.url}/api/workflows/${workflowId}/conversations`, {
    method: "POST",
    headers: { "content-type": "application/json", ...accounts.editor.headers },
    body: "{}",
  });
  conversationId = ((await conversation.json()) as { id: string }).id;
  const other = await fetch(`${served.url}/api/workflows`, {
    method: "POST",
    headers: { "content-type": "application/json", ...accounts.editor.headers },
    body: JSON.stringify({ ...graph, name: "other" }),
  });
  otherWorkflowId = ((await other.json()) as { id: string }).id;
  const doomed = await fetch(`${served.url}/api/workflows`, {
    method: "POST",
    headers: { "content-type": "application/json", ...accounts.editor.headers },
    body: JSON.stringify({ ...graph, name: "doomed" }),
  });
  doomedWorkflowId = ((await doomed.json()) as { id: string }).id;
  for (const name of ["perm", "doomed"]) {
    const dataset = await fetch(`${served.url}/api/workflows/${workflowId}/datasets`, {
      method: "POST",
      headers: { "content-type": "application/json", ...accounts.editor.headers },
      body: JSON.stringify({ name, rows: [{ input: "hi" }, { input: "bye" }] }),
    });
    expect(dataset.status).toBe(201);
    const read = await fetch(`${served.url}/api/workflows/${workflowId}/datasets/${name}`, {
      headers: accounts.editor.headers,
    });
    const { rows } = (await read.json()) as { rows: { id: string }[] };
    datasetRowIds[name] = rows[0].id;
    if (name === "perm") datasetRowIds.doomedRow = rows[1].id;
  }
  const evaluation = await fetch(`${served.url}/api/workflows/${workflowId}/evaluations`, {
    method: "POST",
    headers: { "content-type": "application/json", ...accounts.editor.headers },
    body: JSON.stringify({ dataset: "perm", evaluators: [{ kind: "toolNotCalled", tool: "anything" }] }),
  });
  evaluationId = ((await evaluation.json()) as { id: string }).id;
  const publicChat = await fetch(`${served.url}/api/workflows/${workflowId}/public-chat`, {
    method: "PUT",
    headers: { "content-type": "application/json", ...accounts.editor.headers },
    body: JSON.stringify({ enabled: true }),
  });
  publicChatId = ((await publicChat.json()) as { publicId: string }).publicId;
  limitedKeys.inside = await createTestApiKey(accounts.editor.userId, "limited to this", [
    workflowId,
    doomedWorkflowId,
  ]);
  limitedKeys.outside = await createTestApiKey(accounts.editor.userId, "limited to another", [otherWorkflowId]);
  await shareWithViewer([workflowId, otherWorkflowId, doomedWorkflowId]);
});

/**
 * The table's workflows are the editor's; the editor's folder shares them with the viewer, who may then read them (and
 * a leaver, whom the member DELETE row takes out). The doomed folder is the editor's too, and empty.
 */
async function shareWithViewer(workflowIds: string[]) {
  const editor = { ...accounts.editor, workflowIds: null, folderIds: null };
  const folder = await createFolder(editor, "permissions shared");
  const doomed = await createFolder(editor, "permissions doomed");
  if (!folder.ok || !doomed.ok) throw new Error("could not make the table's folders");
  [folderIds.shared, folderIds.doomed] = [folder.id, doomed.id];
  leaver = await createTestAccount("viewer");
  await setFolderMember(editor, folder.id, accounts.viewer.userId, "viewer");
  await setFolderMember(editor, folder.id, leaver.userId, "viewer");
  await getDb().workflow.updateMany({ where: { id: { in: workflowIds } }, data: { folderId: folder.id } });
}
afterAll(async () => {
  await served.close();
});

describe("the route-permission table", () => {
  it("lists every route handler in app/api", () => {
    expect(routeFileMethods()).toEqual(ROWS.map((row) => `${row.method} ${row.route}`).sort());
  });

  for (const row of ROWS) {
    describe(`${row.method} ${row.route} (${row.access})`, () => {
      for (const caller of CALLERS) {
        it(`${caller.name} → ${expectedStatus(row, caller).join(" or ")}`, async () => {
          expect(expectedStatus(row, caller)).toContain(
            await call(row, caller.headers(), caller.name.replace(/\W/g, "_")),
          );
        });
      }

      it("a foreign Host → 421", async () => {
        expect(await callWithHost(row, "evil.example")).toBe(421);
      });

      if (row.method !== "GET") {
        it("a cross-site browser request (admin cookie) → 403", async () => {
          const status = await call(
            row,
            { cookie: cookies.admin, origin: "https://evil.example", "sec-fetch-site": "cross-site" },
            "cross",
          );
          expect(status).toBe(403);
        });
        if (row.body !== undefined) {
          it("a text/plain body (the way cross-site forms post) → 415, or 401/403 first", async () => {
            const response = await fetch(`${served.url}${row.path("plain")}`, {
              method: row.method,
              headers: { "content-type": "text/plain", ...accounts.admin.headers },
              body: JSON.stringify(row.body),
            });
            expect(row.access === "run-token" ? [401, 415] : [415]).toContain(response.status);
          });
        }
      }
    });
  }
});

describe("what refused requests leave behind", () => {
  it("a cross-site post, a viewer's post and a limited key's post create nothing", async () => {
    const before = await getDb().workflow.count();
    await call(ROWS[2], { cookie: cookies.admin, origin: "https://evil.example", "sec-fetch-site": "cross-site" }, "x");
    await call(ROWS[2], accounts.viewer.headers, "x");
    await call(ROWS[2], limitedKeys.inside.headers, "x");
    await call(ROWS[2], {}, "x");
    expect(await getDb().workflow.count()).toBe(before);
  });
});

describe("what a key limited to some workflows gets from the API", () => {
  const get = async (path: string, key: TestApiKey) =>
    (await fetch(`${served.url}${path}`, { headers: key.headers })).json() as Promise<Record<string, unknown>>;

  it("lists only its workflows and their runs", async () => {
    expect((await get("/api/workflows", limitedKeys.outside)) as unknown as { id: string }[]).toEqual([
      expect.objectContaining({ id: otherWorkflowId, name: "other", publishedVersion: null }),
    ]);
    expect(((await get("/api/runs?limit=100", limitedKeys.outside)).runs as unknown[]).length).toBe(0);
    const inside = (await get("/api/runs?limit=100", limitedKeys.inside)).runs as { id: string }[];
    expect(inside.map((run) => run.id)).toContain(runId);
  });

  it("is refused another workflow's run with a 403 naming the workflow", async () => {
    const response = await fetch(`${served.url}/api/runs/${runId}`, { headers: limitedKeys.outside.headers });
    expect(response.status).toBe(403);
    expect(((await response.json()) as { error: string }).error).toContain(`workflow ${workflowId} is not one of them`);
  });
});
