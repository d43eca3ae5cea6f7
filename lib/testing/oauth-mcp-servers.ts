/**
 * A real OAuth 2.1 authorization server and an MCP server that accepts only its tokens, for tests,
 * each on an ephemeral port, built from the SDK's server-side helpers (mcpAuthRouter,
 * mcpAuthMetadataRouter, requireBearerAuth, Streamable HTTP). The in-memory provider approves every
 * authorization at once (there is no person to ask), issues access tokens bound to the MCP
 * server's URL, and records what it was asked for, so a test can tell a refresh from a sign-in.
 */
import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import express, { type Response as ExpressResponse } from "express";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import type { OAuthRegisteredClientsStore } from "@modelcontextprotocol/sdk/server/auth/clients.js";
import {
  InvalidGrantError,
  InvalidRequestError,
  InvalidTokenError,
} from "@modelcontextprotocol/sdk/server/auth/errors.js";
import { requireBearerAuth } from "@modelcontextprotocol/sdk/server/auth/middleware/bearerAuth.js";
import type { AuthorizationParams, OAuthServerProvider } from "@modelcontextprotocol/sdk/server/auth/provider.js";
import {
  createOAuthMetadata,
  getOAuthProtectedResourceMetadataUrl,
  mcpAuthMetadataRouter,
  mcpAuthRouter,
} from "@modelcontextprotocol/sdk/server/auth/router.js";
import type { AuthInfo } from "@modelcontextprotocol/sdk/server/auth/types.js";
import type { OAuthClientInformationFull, OAuthTokens } from "@modelcontextprotocol/sdk/shared/auth.js";
import { z } from "zod";

type Grant = "authorization_code" | "refresh_token";
type AccessToken = { clientId: string; scopes: string[]; expiresAt: number; resource?: URL };

export class TestOAuthServerProvider implements OAuthServerProvider {
  readonly clients = new Map<string, OAuthClientInformationFull>();
  /** Every grant the token endpoint served, in order. */
  readonly grants: Grant[] = [];
  /** Every authorization request (a person would have been asked each time). */
  readonly authorizations: AuthorizationParams[] = [];
  /** Every token issued, access and refresh, so a test can look for them where they must not be. */
  readonly issued: OAuthTokens[] = [];
  accessTtlSeconds = 3600;
  private readonly codes = new Map<string, { clientId: string; params: AuthorizationParams }>();
  private readonly accessTokens = new Map<string, AccessToken>();
  private readonly refreshTokens = new Map<string, { clientId: string; scopes: string[]; resource?: URL }>();

  readonly clientsStore: OAuthRegisteredClientsStore = {
    getClient: async (clientId) => this.clients.get(clientId),
    // The SDK's registration handler has already given the client its id.
    registerClient: async (client) => {
      const full = client as OAuthClientInformationFull;
      this.clients.set(full.client_id, full);
      return full;
    },
  };

  async authorize(
    client: OAuthClientInformationFull,
    params: AuthorizationParams,
    res: ExpressResponse,
  ): Promise<void> {
    if (!client.redirect_uris.includes(params.redirectUri)) throw new InvalidRequestError("Unregistered redirect_uri");
    this.authorizations.push(params);
    const code = randomUUID();
    this.codes.set(code, { clientId: client.client_id, params });
    const target = new URL(params.redirectUri);
    target.searchParams.set("code", code);
    if (params.state !== undefined) target.searchParams.set("state", params.state);
    res.redirect(target.href);
  }

  async challengeForAuthorizationCode(_client: OAuthClientInformationFull, code: string): Promise<string> {
    const found = this.codes.get(code);
    if (!found) throw new InvalidGrantError("Unknown authorization code");
    return found.params.codeChallenge;
  }

  async exchangeAuthorizationCode(client: OAuthClientInformationFull, code: string): Promise<OAuthTokens> {
    const found = this.codes.get(code);
    if (!found || found.clientId !== client.client_id) throw new InvalidGrantError("Unknown authorization code");
    this.codes.delete(code);
    this.grants.push("authorization_code");
    return this.issue(client.client_id, found.params.scopes ?? [], found.params.resource);
  }

  async exchangeRefreshToken(client: OAuthClientInformationFull, refreshToken: string): Promise<OAuthTokens> {
    const found = this.refreshTokens.get(refreshToken);
    if (!found || found.clientId !== client.client_id) throw new InvalidGrantError("Refresh token revoked or unknown");
    this.refreshTokens.delete(refreshToken); // rotated, as OAuth 2.1 asks of public clients
    this.grants.push("refresh_token");
    return this.issue(client.client_id, found.scopes, found.resource);
  }

  async verifyAccessToken(token: string): Promise<AuthInfo> {
    const found = this.accessTokens.get(token);
    if (!found) throw new InvalidTokenError("Unknown access token");
    return {
      token,
      clientId: found.clientId,
      scopes: found.scopes,
      expiresAt: Math.floor(found.expiresAt / 1000),
      resource: found.resource,
    };
  }

  /** Every access token issued so far runs out now. */
  expireAccessTokens(): void {
    for (const token of this.accessTokens.values()) token.expiresAt = Date.now() - 1000;
  }

  /** As when a person revokes the app's access at the provider. */
  revokeRefreshTokens(): void {
    this.refreshTokens.clear();
  }

  private issue(clientId: string, scopes: string[], resource?: URL): OAuthTokens {
    const tokens: OAuthTokens = {
      access_token: `at-${randomUUID()}`,
      token_type: "Bearer",
      expires_in: this.accessTtlSeconds,
      refresh_token: `rt-${randomUUID()}`,
      scope: scopes.join(" "),
    };
    this.accessTokens.set(tokens.access_token, {
      clientId,
      scopes,
      expiresAt: Date.now() + this.accessTtlSeconds * 1000,
      resource,
    });
    this.refreshTokens.set(tokens.refresh_token!, { clientId, scopes, resource });
    this.issued.push(tokens);
    return tokens;
  }
}

async function listen(app: express.Express): Promise<{ server: Server; origin: string }> {
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** The protected server's tools: `whoami` says which OAuth client called, `add` adds. */
function buildMcpServer(auth: AuthInfo | undefined): McpServer {
  const server = new McpServer({ name: "oauth-protected", version: "1.0.0" });
  server.registerTool("whoami", { description: "Which OAuth client is calling" }, async () => ({
    content: [{ type: "text", text: `client ${auth?.clientId}` }],
  }));
  server.registerTool(
    "add",
    { description: "Adds two numbers", inputSchema: { a: z.number(), b: z.number() } },
    async ({ a, b }) => ({ content: [{ type: "text", text: String(a + b) }] }),
  );
  return server;
}

export type OAuthMcpServers = {
  provider: TestOAuthServerProvider;
  mcpUrl: string;
  authorizationServer: string;
  close: () => Promise<void>;
};

/**
 * Starts both servers: the authorization server, and the MCP server (Streamable HTTP at `/mcp`) that points clients to
 * it.
 */
export async function startOAuthMcpServers(): Promise<OAuthMcpServers> {
  const provider = new TestOAuthServerProvider();
  const authApp = express();
  const authServer = await listen(authApp);
  const mcpApp = express();
  const mcpServer = await listen(mcpApp);
  const mcpUrl = new URL(`${mcpServer.origin}/mcp`);

  const issuerUrl = new URL(authServer.origin);
  const noRateLimit = { rateLimit: false as const };
  authApp.use(
    mcpAuthRouter({
      provider,
      issuerUrl,
      authorizationOptions: noRateLimit,
      tokenOptions: noRateLimit,
      clientRegistrationOptions: noRateLimit,
      revocationOptions: noRateLimit,
    }),
  );

  mcpApp.use(
    mcpAuthMetadataRouter({
      oauthMetadata: createOAuthMetadata({ provider, issuerUrl }),
      resourceServerUrl: mcpUrl,
      resourceName: "Protected test server",
    }),
  );
  const bearer = requireBearerAuth({
    verifier: provider,
    resourceMetadataUrl: getOAuthProtectedResourceMetadataUrl(mcpUrl),
    expectedResource: mcpUrl,
  });
  mcpApp.post("/mcp", bearer, express.json(), async (req, res) => {
    const server = buildMcpServer(req.auth);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    res.on("close", () => void transport.close().then(() => server.close()));
    await server.connect(transport);
    await transport.handleRequest(req, res, req.body);
  });
  mcpApp.all("/mcp", bearer, (_req, res) => void res.status(405).set("allow", "POST").end());

  const close = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));
  return {
    provider,
    mcpUrl: mcpUrl.href,
    authorizationServer: authServer.origin,
    close: async () => {
      authServer.server.closeAllConnections();
      mcpServer.server.closeAllConnections();
      await Promise.all([close(authServer.server), close(mcpServer.server)]);
    },
  };
}
