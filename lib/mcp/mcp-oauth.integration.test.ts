/**
 * MCP servers that sign in with OAuth 2.1, against a real authorization server and a protected
 * MCP server (the SDK's own server-side helpers, lib/testing/oauth-mcp-servers.ts) on ephemeral
 * ports: the editor's Connect registers the client and starts the sign-in, the authorization
 * endpoint approves, the callback route stores the tokens encrypted; runs call the protected
 * tool, renew an expired access token with the refresh token, and report the server unavailable
 * (never a sign-in) when the refresh token was revoked or the server was never connected.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Principal } from "../auth/principal";
import { getDb } from "../db/client";
import type { RunEvent } from "../runs/events";
import { listEvents } from "../runs/read-events";
import { listSecrets, putSecret } from "../secrets/secret-store";
import { graphEdge, graphNode } from "../testing/fixtures";
import { startOAuthMcpServers, type OAuthMcpServers } from "../testing/oauth-mcp-servers";
import { runWorkflowToEnd } from "../testing/run-workflow";
import { createTestAccount } from "../testing/test-accounts";
import { startTestStack, type TestStack } from "../testing/test-stack";
import type { WorkflowGraph } from "../workflow/graph";
import { oauthConnectionKey, oauthSecretName } from "./oauth/connection-key";
import { readOAuthRecord } from "./oauth/credential-store";
import { connectNodeServer, nodeOAuthStatus } from "./oauth/node-oauth";

let stack: TestStack;
let servers: OAuthMcpServers;
let editor: Principal;
const startedAt = new Date();

beforeAll(async () => {
  stack = await startTestStack();
  servers = await startOAuthMcpServers();
  const { account } = stack;
  editor = {
    userId: account.userId,
    email: account.email,
    name: account.email,
    role: account.role,
    via: "api-key",
    workflowIds: null,
    folderIds: null,
  };
});
afterAll(async () => {
  await getDb().secret.deleteMany({
    where: { OR: [{ name: { startsWith: "mcp-oauth/" } }, { name: "OAUTH_TEST_CLIENT_SECRET" }] },
  });
  await getDb().workflow.deleteMany({ where: { createdAt: { gte: startedAt } } });
  await servers.close();
  await stack.close();
});

const params = (extra: Record<string, unknown> = {}) => ({
  transport: "http",
  url: servers.mcpUrl,
  auth: "oauth",
  ...extra,
});
/** What the inspector sends for the node (as for Discover). */
const inspectorInput = (extra?: Record<string, unknown>) => ({
  nodeId: "protected",
  type: "mcp.server",
  label: "Protected",
  params: params(extra),
});
const connectionKey = () => oauthConnectionKey(servers.mcpUrl, {});
const storedRow = (record: "tokens" | "client" | "pending") =>
  getDb().secret.findUnique({ where: { name: oauthSecretName(connectionKey(), record) } });

function graphCalling(tool: string, extra?: Record<string, unknown>): WorkflowGraph {
  return {
    nodes: [
      graphNode("entry", "core.entry"),
      graphNode("agent", "core.agent", {
        params: { provider: "scripted", script: { toolCalls: [{ tool, args: {} }], finalText: "{{results.0}}" } },
      }),
      graphNode("protected", "mcp.server", { label: "Protected", mode: "tool", params: params(extra) }),
    ],
    edges: [graphEdge("entry", "output", "agent", "input"), graphEdge("protected", "tool", "agent", "tools")],
  };
}

const unavailableOf = (events: RunEvent[]) =>
  events.find((e): e is Extract<RunEvent, { type: "tool.unavailable" }> => e.type === "tool.unavailable");

/**
 * Connect as the inspector does, then the browser: the authorization endpoint (which approves at once) redirects to the
 * callback.
 */
async function signIn(extra?: Record<string, unknown>): Promise<{ callbackPath: string }> {
  const started = await connectNodeServer(inspectorInput(extra), "protected", editor, stack.url);
  if (!started.ok) throw new Error(started.error);
  const authorization = new URL(started.authorizationUrl);
  expect(authorization.origin).toBe(servers.authorizationServer);
  expect(authorization.searchParams.get("code_challenge_method")).toBe("S256");
  const approved = await fetch(authorization, { redirect: "manual" });
  expect(approved.status).toBe(302);
  const callback = new URL(approved.headers.get("location")!);
  expect(`${callback.origin}${callback.pathname}`).toBe(`${stack.url}/api/mcp/oauth/callback`);
  return { callbackPath: `${callback.pathname}${callback.search}` };
}

describe("connecting an MCP server that signs in with OAuth", () => {
  it("registers the client, keeps the verifier encrypted while pending, and stores the tokens encrypted at the callback", async () => {
    const { callbackPath } = await signIn();
    expect([...servers.provider.clients.values()]).toHaveLength(1); // dynamic client registration
    const pending = await readOAuthRecord(connectionKey(), "pending");
    expect(pending?.codeVerifier).toMatch(/^[A-Za-z0-9._~-]{43,128}$/);
    expect((await storedRow("pending"))!.encryptedValue).not.toContain(pending!.codeVerifier);
    // tokens bound to this server (RFC 8707)
    expect(servers.provider.authorizations[0].resource?.href).toBe(servers.mcpUrl);

    const answer = await stack.fetch(callbackPath);
    expect(await answer.text()).toContain(`Switchboard is connected to ${new URL(servers.mcpUrl).origin}`);
    expect(answer.status).toBe(200);
    expect(servers.provider.grants).toEqual(["authorization_code"]);

    const issued = servers.provider.issued[0];
    const row = (await storedRow("tokens"))!;
    for (const value of [issued.access_token, issued.refresh_token!]) expect(row.encryptedValue).not.toContain(value);
    expect(row.encryptedValue).toMatch(/^v1\./);
    expect((await readOAuthRecord(connectionKey(), "tokens"))?.tokens).toMatchObject({
      access_token: issued.access_token,
      refresh_token: issued.refresh_token,
    });
    expect(await storedRow("pending")).toBeNull();
    expect((await listSecrets()).map((secret) => secret.name).filter((name) => name.startsWith("mcp-oauth/"))).toEqual(
      [],
    );

    const status = await nodeOAuthStatus(inspectorInput());
    expect(status).toEqual({
      ok: true,
      servers: [
        {
          key: "protected",
          source: "protected",
          origin: new URL(servers.mcpUrl).origin,
          status: expect.objectContaining({ connected: true, connectedBy: stack.account.email, refreshable: true }),
        },
      ],
    });
    expect(JSON.stringify(status)).not.toContain(issued.access_token);

    // The callback address is good once.
    const replay = await stack.fetch(callbackPath);
    expect(replay.status).toBe(400);
    expect(await replay.text()).toContain("unknown or already used");
  });

  it("refuses a callback whose state is wrong or that someone else started, and stores nothing", async () => {
    const before = (await readOAuthRecord(connectionKey(), "tokens"))?.tokens.access_token;
    const { callbackPath } = await signIn();
    const forged = callbackPath.replace(/state=[^&]+/, `state=${connectionKey()}.forged`);
    const wrongState = await stack.fetch(forged);
    expect(wrongState.status).toBe(400);
    expect(await wrongState.text()).toContain("unknown or already used");

    const other = await createTestAccount("editor");
    const stranger = await fetch(`${stack.url}${callbackPath}`, { headers: other.headers });
    expect(stranger.status).toBe(400);
    expect(await stranger.text()).toContain("started by someone else");
    expect(servers.provider.grants).toEqual(["authorization_code"]);
    expect((await readOAuthRecord(connectionKey(), "tokens"))?.tokens.access_token).toBe(before);
  });
});

describe("a run with a server that signs in with OAuth", () => {
  it("lists and calls the protected tool with the stored access token", async () => {
    const { runId, result } = await runWorkflowToEnd(stack, graphCalling("protected__whoami"), "go");
    expect(result.error).toBeNull();
    const clientId = [...servers.provider.clients.keys()][0];
    expect(result.output).toMatchObject({ text: `client ${clientId}` });
    const registered = (await listEvents(runId)).find((e) => e.type === "tool.registered");
    expect(registered?.payload).toMatchObject({
      nodeId: "protected",
      description: expect.stringContaining("protected__add"),
    });
    expect(servers.provider.grants).toEqual(["authorization_code"]);
  });

  it("renews an expired access token with the refresh token and saves the new tokens", async () => {
    const old = (await readOAuthRecord(connectionKey(), "tokens"))!;
    servers.provider.expireAccessTokens();
    const { result } = await runWorkflowToEnd(stack, graphCalling("protected__whoami"), "go");
    expect(result.error).toBeNull();
    expect(result.output).toMatchObject({ text: expect.stringMatching(/^client /) });
    expect(servers.provider.grants).toEqual(["authorization_code", "refresh_token"]);

    const renewed = servers.provider.issued.at(-1)!;
    const saved = (await readOAuthRecord(connectionKey(), "tokens"))!;
    expect(saved.tokens).toMatchObject({ access_token: renewed.access_token, refresh_token: renewed.refresh_token });
    expect(saved.tokens.access_token).not.toBe(old.tokens.access_token);
    expect(saved.connectedBy).toBe(old.connectedBy);
    expect((await storedRow("tokens"))!.encryptedValue).not.toContain(renewed.refresh_token);
    expect(servers.provider.authorizations).toHaveLength(2); // the two sign-ins above; a run never asks for one
  });

  it("reports the server unavailable, saying why, when the refresh token was revoked; the run goes on", async () => {
    servers.provider.revokeRefreshTokens();
    servers.provider.expireAccessTokens();
    const { runId, result } = await runWorkflowToEnd(stack, graphCalling("protected__whoami"), "go");
    expect(result.status).toBe("completed");
    const unavailable = unavailableOf(await listEvents(runId));
    expect(unavailable?.payload).toMatchObject({
      nodeId: "protected",
      error: expect.stringMatching(
        /needs to be connected again: the authorization server refused the stored refresh token.*press Connect/,
      ),
    });
    expect(servers.provider.authorizations).toHaveLength(2);
    expect(await storedRow("tokens")).toBeNull();
    expect(await nodeOAuthStatus(inspectorInput())).toMatchObject({
      ok: true,
      servers: [{ status: { connected: false } }],
    });
  });

  it("reports a server that was never connected unavailable without registering or signing in", async () => {
    const registered = servers.provider.clients.size;
    const { runId, result } = await runWorkflowToEnd(
      stack,
      graphCalling("protected__whoami", { oauthScope: "never-connected" }),
      "go",
    );
    expect(result.status).toBe("completed");
    expect(unavailableOf(await listEvents(runId))?.payload.error).toMatch(
      /signs in with OAuth and is not connected: an editor can press Connect/,
    );
    expect(servers.provider.clients.size).toBe(registered);
    expect(servers.provider.authorizations).toHaveLength(2);
  });
});

describe("a pre-registered confidential client", () => {
  it("signs in with its id and the secret from the store, which it refuses to send to a host the secret is not allowed to reach", async () => {
    const registration = await fetch(`${servers.authorizationServer}/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        client_name: "pre-registered",
        redirect_uris: [`${stack.url}/api/mcp/oauth/callback`],
        token_endpoint_auth_method: "client_secret_post",
      }),
    });
    const client = (await registration.json()) as { client_id: string; client_secret: string };
    const extra = { oauthClientId: client.client_id, oauthClientSecret: { $secret: "OAUTH_TEST_CLIENT_SECRET" } };
    const grants = servers.provider.grants.length;

    await putSecret("OAUTH_TEST_CLIENT_SECRET", client.client_secret, ["auth.example.com"]);
    const refused = await stack.fetch((await signIn(extra)).callbackPath);
    const why = 'secret "OAUTH_TEST_CLIENT_SECRET" may only be sent to auth.example.com, not to 127.0.0.1';
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain(
      "OAUTH_TEST_CLIENT_SECRET&#34; may only be sent to auth.example.com, not to 127.0.0.1",
    ); // HTML-escaped
    expect(servers.provider.grants).toHaveLength(grants); // the code exchange never left
    expect(await nodeOAuthStatus(inspectorInput(extra))).toMatchObject({
      ok: true,
      servers: [{ status: { connected: false, lastError: expect.stringContaining(why) } }],
    });

    await putSecret("OAUTH_TEST_CLIENT_SECRET", client.client_secret, ["127.0.0.1"]);
    expect((await stack.fetch((await signIn(extra)).callbackPath)).status).toBe(200);
    const { result } = await runWorkflowToEnd(stack, graphCalling("protected__whoami", extra), "go");
    expect(result.output).toMatchObject({ text: `client ${client.client_id}` });
    // the first sign-in's registration and this one: nothing registered for it
    expect(servers.provider.clients.size).toBe(2);
  });
});
