/**
 * Every server action × who calls it, over Next's real action protocol against the production
 * build: the actions are found in the build's server-reference manifest (a new action the table
 * does not list fails the test), and called with no credentials, as a viewer (session cookie) and
 * cross-site. Refused calls answer with the reason and change nothing.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { APIRequestContext } from "@playwright/test";
import { createInvite, joinWithInvite } from "./support/accounts";
import { expect, test } from "./support/test";

type Access = "public" | "viewer" | "editor" | "admin";

/** An MCP Server node whose HTTP server signs in with OAuth (nothing listens there). */
const OAUTH_NODE = {
  nodeId: "n",
  type: "mcp.server",
  label: "x",
  params: { transport: "http", url: "http://127.0.0.1:9/mcp", auth: "oauth" },
};

/** The least role each action needs ("public": the ways in), and arguments to call it with. */
const ACTIONS: Record<string, { access: Access; args: unknown[] }> = {
  "app/sign-in/actions.ts#createOwnerAction": { access: "public", args: [null, {}] },
  "app/sign-in/actions.ts#signInAction": { access: "public", args: [null, {}] },
  "app/sign-in/actions.ts#acceptInviteAction": { access: "public", args: ["no-such-token", null, {}] },
  "app/sign-in/actions.ts#signOutAction": { access: "public", args: [] },
  "app/workflows/actions.ts#createWorkflowAction": { access: "editor", args: [] },
  "app/workflows/actions.ts#createFromTemplateAction": { access: "editor", args: ["triage"] },
  "app/workflows/actions.ts#saveWorkflowAction": {
    access: "editor",
    args: ["WORKFLOW", { name: "hijacked", graph: '{"nodes":[],"edges":[]}' }],
  },
  "app/workflows/actions.ts#runWorkflowAction": {
    access: "editor",
    args: ["WORKFLOW", { name: "hijacked", graph: '{"nodes":[],"edges":[]}' }],
  },
  "app/workflows/actions.ts#renameWorkflowAction": { access: "editor", args: ["WORKFLOW", "hijacked"] },
  "app/workflows/actions.ts#duplicateWorkflowAction": { access: "editor", args: ["WORKFLOW"] },
  "app/workflows/actions.ts#deleteWorkflowAction": { access: "editor", args: ["WORKFLOW"] },
  "app/workflows/actions.ts#importWorkflowAction": { access: "editor", args: ["{}"] },
  "app/workflows/test-run-actions.ts#testRunAction": {
    access: "editor",
    args: ["WORKFLOW", { name: "hijacked", graph: '{"nodes":[],"edges":[]}' }, { mode: "all" }],
  },
  "app/workflows/test-run-actions.ts#nodeDataAction": { access: "viewer", args: ["WORKFLOW"] },
  "app/runs/actions.ts#rerunAction": { access: "editor", args: ["no-such-run"] },
  "app/folders/actions.ts#createFolderAction": { access: "editor", args: ["hijacked"] },
  "app/folders/actions.ts#renameFolderAction": { access: "editor", args: ["no-such-folder", "hijacked"] },
  "app/folders/actions.ts#deleteFolderAction": { access: "editor", args: ["no-such-folder"] },
  "app/folders/actions.ts#setFolderMemberAction": {
    access: "editor",
    args: ["no-such-folder", "no-such-user", "editor"],
  },
  "app/folders/actions.ts#placeWorkflowAction": { access: "editor", args: ["WORKFLOW", null, ["hijacked"]] },
  "app/workflows/mcp-oauth-actions.ts#mcpOAuthStatusAction": { access: "viewer", args: [OAUTH_NODE] },
  "app/workflows/mcp-oauth-actions.ts#connectMcpOAuthAction": { access: "editor", args: [OAUTH_NODE, "n"] },
  "app/workflows/mcp-oauth-actions.ts#disconnectMcpOAuthAction": { access: "editor", args: [OAUTH_NODE, "n"] },
  "app/settings/actions.ts#createApiKeyAction": { access: "viewer", args: ["stolen"] },
  "app/settings/actions.ts#revokeApiKeyAction": { access: "viewer", args: ["no-such-key"] },
  "app/settings/actions.ts#createInviteAction": { access: "admin", args: ["admin"] },
  "app/settings/actions.ts#setUserRoleAction": { access: "admin", args: ["no-such-user", "admin"] },
  "app/settings/actions.ts#removeUserAction": { access: "admin", args: ["no-such-user"] },
  "app/settings/actions.ts#setHostToolsAction": { access: "admin", args: [true] },
  "app/settings/actions.ts#setRetentionAction": { access: "admin", args: [{ keepDays: 1, keepRuns: 1 }] },
  "app/settings/actions.ts#setModelPricesAction": {
    access: "admin",
    args: [[{ provider: "openai-compatible", model: "gpt-4o", inputPerMillion: 0, outputPerMillion: 0 }]],
  },
};

type BuiltAction = { id: string; key: string; page: string };

/** The build's actions, each with a page path that serves it. */
function builtActions(): BuiltAction[] {
  const manifest = JSON.parse(readFileSync(path.join(".next", "server", "server-reference-manifest.json"), "utf8")) as {
    node: Record<string, { workers: Record<string, unknown>; filename: string; exportedName: string }>;
  };
  return Object.entries(manifest.node).map(([id, entry]) => {
    const worker = Object.keys(entry.workers)[0]; // e.g. "app/workflows/[id]/page"
    const page =
      "/" +
      worker
        .replace(/^app\//, "")
        .replace(/\/?page$/, "")
        .replace(/\[[^\]]+\]/g, "anything");
    return { id, key: `${entry.filename}#${entry.exportedName}`, page: page === "/" ? "/" : page };
  });
}

async function callAction(
  request: APIRequestContext,
  action: BuiltAction,
  args: unknown[],
  headers: Record<string, string> = {},
) {
  const response = await request.post(action.page, {
    headers: {
      "next-action": action.id,
      "content-type": "text/plain;charset=UTF-8",
      accept: "text/x-component",
      ...headers,
    },
    data: JSON.stringify(args),
    maxRedirects: 0,
  });
  return {
    status: response.status(),
    text: await response.text(),
    location: response.headers()["x-action-redirect"] ?? response.headers()["location"] ?? "",
  };
}

test("every server action checks who calls it, and refused calls change nothing", async ({
  page,
  browser,
  request,
  playwright,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const actions = builtActions();
  expect(actions.map((action) => action.key).sort()).toEqual(Object.keys(ACTIONS).sort());

  const { id: workflowId } = (await (
    await request.post("/api/workflows", { data: { name: "Guarded", nodes: [], edges: [] } })
  ).json()) as { id: string };
  const viewerPage = await joinWithInvite(browser, await createInvite(page, "viewer"), {
    name: "Action Viewer",
    email: "action-viewer@switchboard.test",
    password: "a long viewer password",
  });
  const asViewer = viewerPage.context().request;
  const anonymous = await playwright.request.newContext({ baseURL, storageState: { cookies: [], origins: [] } });

  for (const action of actions) {
    const { access, args } = ACTIONS[action.key];
    if (access === "public") continue;
    const filled = JSON.parse(JSON.stringify(args).replaceAll("WORKFLOW", workflowId));

    const stranger = await callAction(anonymous, action, filled);
    expect(`${stranger.status} ${stranger.text} ${stranger.location}`, `${action.key} without credentials`).toMatch(
      /Sign in or send an API key|\/sign-in/,
    );

    if (access !== "viewer") {
      const viewer = await callAction(asViewer, action, filled);
      expect(`${viewer.status} ${viewer.text} ${viewer.location}`, `${action.key} as a viewer`).toMatch(
        new RegExp(`This needs the ${access} role; you are a viewer|forbidden\\?need=${access}`),
      );
    }

    const crossSite = await callAction(asViewer, action, filled, {
      origin: "https://evil.example",
      "sec-fetch-site": "cross-site",
    });
    expect(crossSite.status, `${action.key} cross-site`).toBe(403);
  }

  // Nothing the refused calls asked for happened.
  const workflows = (await (await request.get("/api/workflows")).json()) as { id: string; name: string }[];
  expect(workflows.find((workflow) => workflow.id === workflowId)?.name).toBe("Guarded");
  expect(workflows.filter((workflow) => workflow.name.startsWith("Guarded"))).toHaveLength(1);
  await anonymous.dispose();
});

/** The paths Next's proxy leaves to their routes (proxy.ts), with the answer each route gives an anonymous POST. */
// An action's body is text/plain: each route refuses it before asking who calls (the API and the gateway take only
// JSON).
const PROXY_SKIPS = [
  { path: "/api/mcp/gateway", status: 415, says: "Send the body as application/json" },
  { path: "/api/workflows/anything/runs", status: 415, says: "Send the body as application/json" },
];
/**
 * Spellings near those paths, each of which must reach a route or meet the proxy — never a page where an action would
 * run.
 */
const NEAR_SKIPS = [
  "/api/mcp/gatewayx",
  "/api/mcp/gateway/x",
  "/api/workflows/a%2Fb/runs",
  "/api/workflows/%2e%2e/runs",
  "/api/workflows/..%2F..%2Fx/runs",
  "/api/workflows/anything/runs%2F",
  "/api/workflows/anything/runsx",
  "/api/workflows/anything/runs.json",
  "/api/workflows/_next/runs",
  "/api/workflows//runs",
];

test("the paths Next's proxy skips serve only their routes, which check for themselves; next to them the proxy still stands", async ({
  playwright,
  baseURL,
}) => {
  const action = builtActions().find((built) => built.key === "app/settings/actions.ts#setHostToolsAction")!;
  const anonymous = await playwright.request.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  const send = (path: string, headers: Record<string, string> = {}) =>
    anonymous.post(path, {
      headers: {
        "next-action": action.id,
        "content-type": "text/plain;charset=UTF-8",
        accept: "text/x-component",
        ...headers,
      },
      data: JSON.stringify([true]),
      maxRedirects: 0,
    });
  const crossSite = { origin: "https://evil.example", "sec-fetch-site": "cross-site" };

  for (const { path, status, says } of PROXY_SKIPS) {
    // The action id reaches the route, which answers as itself: no action runs there.
    const atRoute = await send(path);
    expect(atRoute.status(), path).toBe(status);
    expect(atRoute.headers()["content-type"], path).toContain("application/json");
    expect(JSON.stringify(await atRoute.json()), path).toContain(says);
    // The route crosses the perimeter itself.
    expect((await send(path, { host: "evil.example" })).status(), `${path} foreign Host`).toBe(421);
    expect((await send(path, crossSite)).status(), `${path} cross-site`).toBe(403);
  }
  // Refused, by the proxy or a route; had a page taken one without the proxy, the action would have run
  // (a rebinding site sends a matching Origin, which Next's own check for actions lets through).
  const rebinding = { host: "evil.example", origin: "http://evil.example" };
  for (const path of NEAR_SKIPS) {
    for (const [headers, refusal] of [
      [crossSite, 403],
      [rebinding, 421],
    ] as const) {
      const near = await send(path, headers);
      expect([refusal, 308], `${path} ${refusal}`).toContain(near.status());
      expect(near.headers()["x-action-revalidated"], path).toBeUndefined();
      expect(near.headers()["x-action-redirect"], path).toBeUndefined();
    }
  }
  await anonymous.dispose();
});
