"use client";
/**
 * The editor's "Discover tools" call (POST /api/mcp/discover) with a Cancel: aborting the request
 * makes the server give up the connection and kill a stdio server it started, instead of spinning
 * until the server's startup timeout.
 */
import type { NodeDiscovery } from "@/lib/mcp/discover-node";
import { useCancellablePost } from "./use-cancellable-post";

export function useDiscoverTools() {
  const { pending, post, cancel } = useCancellablePost<NodeDiscovery>("/api/mcp/discover");
  /** Resolves to the discovery, or null when it was cancelled. */
  return { pending, discover: post, cancel };
}
