/**
 * Connect, its status and Disconnect for an MCP node in the editor. The (perhaps unsaved) node is
 * read as Discover reads it; each of its HTTP servers with OAuth settings is one connection, named
 * as the inspector names the node's servers (the node id, or the server id in a group).
 */
import type { Principal } from "../../auth/principal";
import { describeIssues } from "../../validation/describe-issues";
import { DiscoverInput } from "../discover-input";
import { editorServerKey, serverSpecs } from "../server-specs";
import { disconnectOAuth, startOAuthConnect, type OAuthTarget } from "./connect-flow";
import { oauthConnectionStatus, type OAuthConnectionStatus } from "./status";

export type NodeOAuthServer = { key: string; source: string; origin: string; status: OAuthConnectionStatus };

type Found =
  { ok: true; servers: { key: string; source: string; target: OAuthTarget }[] } | { ok: false; error: string };

/** The node's servers that sign in with OAuth; bad input is answered with what is wrong. */
function oauthServers(input: unknown): Found {
  const parsed = DiscoverInput.safeParse(input);
  if (!parsed.success) return { ok: false, error: describeIssues(parsed.error, "input") };
  const { nodeId, type, label, params, mcpServers } = parsed.data;
  const node = { id: nodeId, type, label, params };
  try {
    const servers = serverSpecs(node, mcpServers).flatMap(({ config, ...spec }) =>
      config.transport === "http" && config.oauth
        ? [
            {
              key: editorServerKey(node, { config, ...spec }),
              source: spec.source,
              target: { url: config.url, oauth: config.oauth },
            },
          ]
        : [],
    );
    return { ok: true, servers };
  } catch (error) {
    return { ok: false, error: (error as Error).message };
  }
}

export async function nodeOAuthStatus(
  input: unknown,
): Promise<{ ok: true; servers: NodeOAuthServer[] } | { ok: false; error: string }> {
  const found = oauthServers(input);
  if (!found.ok) return found;
  const servers = await Promise.all(
    found.servers.map(async ({ key, source, target }) => ({
      key,
      source,
      origin: new URL(target.url).origin,
      status: await oauthConnectionStatus(target),
    })),
  );
  return { ok: true, servers };
}

function pick(input: unknown, serverKey: unknown): { ok: true; target: OAuthTarget } | { ok: false; error: string } {
  const found = oauthServers(input);
  if (!found.ok) return found;
  const server = found.servers.find((candidate) => candidate.key === serverKey);
  return server
    ? { ok: true, target: server.target }
    : { ok: false, error: `This node has no HTTP server "${String(serverKey)}" that signs in with OAuth` };
}

/** Begins the sign-in; the browser opens `authorizationUrl`, which comes back to the callback route. */
export async function connectNodeServer(input: unknown, serverKey: unknown, who: Principal, appOrigin: string) {
  const picked = pick(input, serverKey);
  return picked.ok ? startOAuthConnect(picked.target, who, appOrigin) : picked;
}

export async function disconnectNodeServer(
  input: unknown,
  serverKey: unknown,
): Promise<{ ok: true } | { ok: false; error: string }> {
  const picked = pick(input, serverKey);
  if (!picked.ok) return picked;
  await disconnectOAuth(picked.target);
  return { ok: true };
}
