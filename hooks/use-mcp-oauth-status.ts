"use client";
/**
 * The OAuth connections of the selected MCP node's servers (connected by whom, until when), read
 * through a server action a moment after the node's connection settings last changed, and again
 * whenever `refresh` is called (while a sign-in window is open). Never a token: only what status.ts tells.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { mcpOAuthStatusAction } from "@/app/workflows/mcp-oauth-actions";
import type { NodeOAuthServer } from "@/lib/mcp/oauth/node-oauth";

const SETTLE_MS = 300;

/**
 * `readInput` gives the node as Discover takes it (null: not an MCP node); `signature` changes when its connection
 * settings do.
 */
export function useMcpOAuthStatus(
  readInput: () => unknown,
  signature: string,
): { servers: NodeOAuthServer[]; refresh: () => Promise<void> } {
  const [answer, setAnswer] = useState<{ signature: string; servers: NodeOAuthServer[] } | null>(null);
  const latest = useRef({ readInput, signature });
  latest.current = { readInput, signature };

  const refresh = useCallback(async () => {
    const { readInput: read, signature: asked } = latest.current;
    const input = read();
    if (input === null) return;
    const result = await mcpOAuthStatusAction(input);
    setAnswer({ signature: asked, servers: result.ok ? result.servers : [] });
  }, []);

  useEffect(() => {
    const timer = setTimeout(() => void refresh(), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [signature, refresh]);

  return { servers: answer?.signature === signature ? answer.servers : [], refresh };
}
