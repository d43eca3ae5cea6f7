"use client";
/**
 * The editor's "Discover tools" call (POST /api/mcp/discover) with a Cancel: aborting the request
 * makes the server give up the connection and kill a stdio server it started, instead of spinning
 * until the server's startup timeout.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import type { NodeDiscovery } from "@/lib/mcp/discover-node";

export function useDiscoverTools() {
  const [pending, setPending] = useState(false);
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);

  /** Resolves to the discovery, or null when it was cancelled. */
  const discover = useCallback(async (input: unknown): Promise<NodeDiscovery | null> => {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setPending(true);
    try {
      const response = await fetch("/api/mcp/discover", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(input),
        signal: controller.signal,
      });
      const body = (await response.json()) as NodeDiscovery & { error?: string };
      return response.ok ? body : { ok: false, error: body.error ?? `The server answered ${response.status}` };
    } catch (error) {
      if (controller.signal.aborted) return null;
      return { ok: false, error: `Could not reach the server: ${(error as Error).message}` };
    } finally {
      if (running.current === controller) {
        running.current = null;
        setPending(false);
      }
    }
  }, []);

  const cancel = useCallback(() => {
    running.current?.abort();
    running.current = null;
    setPending(false);
  }, []);

  return { pending, discover, cancel };
}
