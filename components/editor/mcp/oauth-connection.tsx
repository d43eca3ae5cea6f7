"use client";
/**
 * Connect for one MCP server that signs in with OAuth: who connected it and when its access token
 * runs out, or that it is not connected (and why the last sign-in failed). Connect opens the
 * authorization server's page in a window of its own (opened on the click, so no popup blocker
 * stops it, then pointed at the address the server action answers with), and the status is read
 * every second until that window closes or the server is connected. Disconnect forgets the tokens.
 */
import { KeyRound, RefreshCw } from "lucide-react";
import { useEffect, useRef, useState, useTransition } from "react";
import { connectMcpOAuthAction, disconnectMcpOAuthAction } from "@/app/workflows/mcp-oauth-actions";
import type { NodeOAuthServer } from "@/lib/mcp/oauth/node-oauth";
import type { OAuthConnectionStatus } from "@/lib/mcp/oauth/status";
import { Button } from "@/components/ui/button";

type Props = { server: NodeOAuthServer; readInput: () => unknown; readOnly: boolean; refresh: () => Promise<void> };

function describe(status: OAuthConnectionStatus): string {
  if (!status.connected)
    return status.lastError ? `Not connected: the last sign-in failed — ${status.lastError}` : "Not connected";
  const who = status.connectedBy ? ` by ${status.connectedBy}` : "";
  if (!status.expiresAt) return `Connected${who}`;
  const renewal = status.refreshable ? "renewed automatically" : "connect again after that";
  return `Connected${who} · access token expires ${new Date(status.expiresAt).toLocaleString()} (${renewal})`;
}

export function OAuthConnection({ server, readInput, readOnly, refresh }: Props) {
  const { connect, disconnect, pending, waiting, error } = useOAuthSignIn(server, readInput, refresh);
  const { status } = server;
  return (
    <div className="mcp-oauth" data-testid={`mcp-oauth-${server.key}`}>
      <p className="mcp-oauth-status" data-testid="mcp-oauth-status">
        <KeyRound size={13} aria-hidden /> {waiting ? `Waiting for the sign-in at ${server.origin}…` : describe(status)}
      </p>
      <div className="mcp-oauth-actions">
        <Button size="sm" onClick={connect} disabled={readOnly || pending} data-testid="mcp-oauth-connect">
          {pending ? <RefreshCw size={14} className="spin" aria-hidden /> : null}{" "}
          {status.connected ? "Reconnect" : "Connect"}
        </Button>
        {status.connected && (
          <Button
            size="sm"
            variant="ghost"
            onClick={disconnect}
            disabled={readOnly || pending}
            data-testid="mcp-oauth-disconnect"
          >
            Disconnect
          </Button>
        )}
      </div>
      {error && (
        <p className="field-error" data-testid="mcp-oauth-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** Connect (a sign-in window, then the status read every second while it is open) and Disconnect. */
function useOAuthSignIn(server: NodeOAuthServer, readInput: () => unknown, refresh: () => Promise<void>) {
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<string | null>(null);
  // The sign-in window and when it was opened, while it is.
  const [waiting, setWaiting] = useState<{ window: Window | null; since: string } | null>(null);
  const refreshRef = useRef(refresh);
  refreshRef.current = refresh;
  const { status } = server;

  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => {
      const closed = waiting.window?.closed ?? true;
      void refreshRef.current().then(() => closed && setWaiting(null));
    }, 1000);
    return () => clearInterval(timer);
  }, [waiting]);
  if (waiting && status.connected && status.updatedAt >= waiting.since) setWaiting(null);

  const connect = () => {
    setError(null);
    const signIn = window.open("", "switchboard-mcp-oauth", "popup,width=520,height=720");
    startTransition(async () => {
      const result = await connectMcpOAuthAction(readInput(), server.key);
      if (!result.ok) {
        signIn?.close();
        setError(result.error);
        return;
      }
      if (signIn) signIn.location.href = result.authorizationUrl;
      else
        setError(
          `Your browser blocked the sign-in window: allow pop-ups for this page, or open ${result.authorizationUrl}`,
        );
      setWaiting({ window: signIn, since: new Date().toISOString() });
    });
  };

  const disconnect = () =>
    startTransition(async () => {
      const result = await disconnectMcpOAuthAction(readInput(), server.key);
      if (!result.ok) setError(result.error);
      await refresh();
    });

  return { connect, disconnect, pending, waiting: waiting !== null, error };
}
