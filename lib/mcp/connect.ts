/**
 * Connecting an MCP client to a server (stdio, Streamable HTTP, HTTP+SSE or WebSocket) with a
 * startup timeout and retries with backoff. A stdio server's process group id is reported so it
 * can be recorded for the reaper before anything else can go wrong. An HTTP server that signs in
 * with OAuth gets the stored tokens through the SDK's `authProvider` (lib/mcp/oauth), which
 * refreshes them and never redirects.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { SSEClientTransport } from "@modelcontextprotocol/sdk/client/sse.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { FetchLike, Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { addressPolicy } from "../net/address-policy";
import { ownSignalFetch } from "../platform/own-signal-fetch";
import { guardedLookup } from "../net/guarded-lookup";
import { redactSecrets } from "../secrets/resolve";
import { hostToolsEnabled } from "../settings/host-tools";
import type { McpServerConfig } from "./config";
import { DetachedStdioTransport } from "./detached-stdio-transport";
import { McpOAuthRequiredError, RunOAuthProvider } from "./oauth/client-provider";
import { authorizationServerFetch, checkClientSecretDestination } from "./oauth/client-secret-guard";
import { isWebSocketUrl, protocolsToTry, WIRE_PROTOCOL_NAMES, type WireProtocol } from "./remote-protocol";
import { McpSafetyError } from "./safety";
import { checkHeaderSecrets, serverParams } from "./server-params";
import { sharedSchemaValidator } from "./schema-validator";
import { stderrSummary } from "./stderr-summary";
import { NodeWebSocketClientTransport } from "./websocket-client-transport";
import { tracedFetch } from "../telemetry/spans";

export type LiveClient = { client: Client; pgid?: number; secretValues: string[]; close: () => Promise<void> };

export type ConnectOptions = {
  startupTimeoutMs?: number;
  retries?: number;
  backoffMs?: number;
  /** Called as soon as a stdio server is spawned, before the handshake. */
  onSpawn?: (pgid: number) => Promise<void> | void;
  /** Called once a stdio server's process group has been killed. */
  onKilled?: (pgid: number) => Promise<void> | void;
  /** Gives up (a stdio server's process group killed) when it aborts: Discover's Cancel. */
  signal?: AbortSignal;
};

export class McpConnectError extends Error {}

async function connectOnce(
  config: McpServerConfig,
  params: Awaited<ReturnType<typeof serverParams>>,
  options: ConnectOptions,
): Promise<LiveClient> {
  const timeout = options.startupTimeoutMs ?? 20_000;
  if (params.transport === "stdio") {
    const client = new Client(
      { name: "switchboard", version: "0.1.0" },
      { jsonSchemaValidator: sharedSchemaValidator() },
    );
    let pgid: number | undefined;
    let recorded: Promise<void> | void = undefined;
    const transport = new DetachedStdioTransport(params.stdio, (spawned) => {
      pgid = spawned;
      recorded = options.onSpawn?.(spawned);
    });
    const closeAll = async () => {
      await client.close().catch(() => undefined);
      await transport.close();
      await recorded;
      if (pgid !== undefined) await options.onKilled?.(pgid);
    };
    try {
      await client.connect(transport, { timeout, signal: options.signal });
      await recorded;
    } catch (error) {
      await closeAll();
      const said = stderrSummary(transport.stderr);
      const stderr = said ? ` — stderr: ${said}` : "";
      throw new McpConnectError(
        `${config.transport} server "${params.stdio.command}" did not start: ${(error as Error).message}${stderr}`,
      );
    }
    return { client, pgid, secretValues: params.secretValues, close: closeAll };
  }
  return connectRemote(params, timeout, options.signal);
}

type RemoteParams = Extract<Awaited<ReturnType<typeof serverParams>>, { transport: "http" }>;

/**
 * The transport's fetch. Requests to the MCP server carry the node's headers and follow no redirect
 * (the URL policy checked this address, not wherever a redirect would lead). Any other is the SDK's
 * OAuth traffic with an authorization server: through the address policy, without the node's
 * headers, refusing secrets restricted to other hosts. Each request has a signal of its own.
 */
function serverFetch(params: RemoteParams): FetchLike {
  const origin = new URL(params.url).origin;
  const secrets = params.oauth?.secrets ?? [];
  const toAuthorizationServer = authorizationServerFetch(secrets);
  return ownSignalFetch(async (input: string | URL, init?: RequestInit) => {
    const url = new URL(input);
    if (url.origin !== origin) {
      const headers = new Headers(init?.headers);
      for (const name of Object.keys(params.headers)) headers.delete(name);
      return toAuthorizationServer(url, { ...init, headers });
    }
    checkClientSecretDestination(url, init, secrets); // an authorization server at the MCP server's own origin
    return headerCheckedFetch(params)(url, {
      ...init,
      headers: { ...Object.fromEntries(new Headers(init?.headers)), ...params.headers },
      redirect: "error",
    });
  });
}

/** fetch that checks, as each request leaves, that the headers' secrets may go to its host (server-params.ts). */
function headerCheckedFetch(params: RemoteParams): FetchLike {
  return (input, init) => {
    const url = new URL(input);
    checkHeaderSecrets(url, Object.fromEntries(new Headers(init?.headers)), params.secrets);
    return fetch(url, init);
  };
}

/**
 * A transport for one protocol. No redirects: the URL policy checked this address, not wherever a
 * redirect would lead. A WebSocket's own DNS lookup is checked too, and its handshake bounded by the
 * startup timeout (the client's timeout starts only once the socket is open). The SSE transport's
 * stream and posts both go through its fetch, so both carry the headers. Every HTTP request has a
 * signal of its own (own-signal-fetch.ts): a long-lived connection's calls pile no listeners up.
 */
function remoteTransport(
  protocol: WireProtocol,
  params: RemoteParams,
  timeout: number,
  authProvider?: RunOAuthProvider,
): Transport {
  const url = new URL(params.url);
  if (protocol === "websocket") {
    const policy = addressPolicy();
    return new NodeWebSocketClientTransport(url, {
      headers: params.headers,
      handshakeTimeout: timeout,
      lookup: policy.allowPrivate ? undefined : guardedLookup(policy),
    });
  }
  if (protocol === "sse") return new SSEClientTransport(url, { fetch: tracedFetch(serverFetch(params)), authProvider });
  if (authProvider)
    return new StreamableHTTPClientTransport(url, { fetch: tracedFetch(serverFetch(params)), authProvider });
  return new StreamableHTTPClientTransport(url, {
    requestInit: { headers: params.headers, redirect: "error" },
    fetch: tracedFetch(ownSignalFetch(headerCheckedFetch(params))),
  });
}

/**
 * Connects by URL; "auto" on an http(s) URL tries Streamable HTTP and falls back to the older
 * HTTP+SSE transport, as the SDK documents for backwards compatibility. A server that needs a new
 * OAuth sign-in is not tried again over SSE: the answer would be the same.
 */
async function connectRemote(params: RemoteParams, timeout: number, signal?: AbortSignal): Promise<LiveClient> {
  const url = new URL(params.url);
  const authProvider = params.oauth && (await RunOAuthProvider.load(params.oauth));
  const failures: string[] = [];
  for (const protocol of protocolsToTry(url, params.protocol)) {
    const client = new Client(
      { name: "switchboard", version: "0.1.0" },
      { jsonSchemaValidator: sharedSchemaValidator() },
    );
    try {
      await client.connect(remoteTransport(protocol, params, timeout, authProvider), { timeout, signal });
      return { client, secretValues: params.secretValues, close: () => client.close() };
    } catch (error) {
      await client.close().catch(() => undefined);
      if (error instanceof McpOAuthRequiredError) throw error;
      failures.push(`${WIRE_PROTOCOL_NAMES[protocol]}: ${(error as Error).message}`);
    }
  }
  throw new McpConnectError(
    `${isWebSocketUrl(url) ? "WebSocket" : "HTTP"} server ${url.origin} did not answer (${failures.join("; ")})`,
  );
}

/**
 * Connects, retrying with exponential backoff; safety refusals and servers wanting a new OAuth sign-in are not retried.
 */
export async function connectMcpServer(config: McpServerConfig, options: ConnectOptions = {}): Promise<LiveClient> {
  if (config.transport === "stdio" && !(await hostToolsEnabled())) {
    throw new McpConnectError(
      `A stdio MCP server starts a program on this machine, and host access is off: an admin can turn it on in ` +
        `Settings → Host access`,
    );
  }
  const params = await serverParams(config);
  const retries = options.retries ?? 2;
  let delay = options.backoffMs ?? 500;
  for (let attempt = 0; ; attempt++) {
    try {
      return await connectOnce(config, params, options);
    } catch (error) {
      const final = error instanceof McpSafetyError || error instanceof McpOAuthRequiredError;
      if (final || attempt >= retries || options.signal?.aborted) {
        throw new McpConnectError(redactSecrets((error as Error).message, params.secretValues));
      }
      await new Promise((resolve) => setTimeout(resolve, delay));
      delay *= 2;
    }
  }
}
