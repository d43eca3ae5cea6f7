"use server";
/**
 * The inspector's Connect for MCP servers that sign in with OAuth: start a sign-in (editors; the
 * browser then opens the authorization address and comes back to /api/mcp/oauth/callback), read
 * whether a server is connected (anyone who sees the workflow), and Disconnect (editors).
 */
import { headers } from "next/headers";
import { actionPrincipal } from "@/lib/auth/request-access";
import { connectNodeServer, disconnectNodeServer, nodeOAuthStatus } from "@/lib/mcp/oauth/node-oauth";
import { browserOrigin } from "@/lib/platform/app-url";

export async function mcpOAuthStatusAction(input: unknown): ReturnType<typeof nodeOAuthStatus> {
  const caller = await actionPrincipal("viewer");
  if (!caller.ok) return { ok: false, error: caller.error };
  return nodeOAuthStatus(input);
}

export async function connectMcpOAuthAction(input: unknown, serverKey: unknown): ReturnType<typeof connectNodeServer> {
  const caller = await actionPrincipal("editor");
  if (!caller.ok) return { ok: false, error: caller.error };
  return connectNodeServer(input, serverKey, caller.principal, browserOrigin(await headers()));
}

export async function disconnectMcpOAuthAction(
  input: unknown,
  serverKey: unknown,
): ReturnType<typeof disconnectNodeServer> {
  const caller = await actionPrincipal("editor");
  if (!caller.ok) return { ok: false, error: caller.error };
  return disconnectNodeServer(input, serverKey);
}
