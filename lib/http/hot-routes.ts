/**
 * The two routes every run and every tool call go through — the MCP gateway, and starting a run —
 * by the path Next.js gives them. npm start's web process serves these itself, calling the same
 * compiled handlers Next would (lib/platform/web-server.ts); proxy.ts leaves exactly these paths
 * out, because both cross the perimeter themselves as their first step.
 */
export type HotRoute = { page: string; path: RegExp };

export const HOT_ROUTES: readonly HotRoute[] = [
  { page: "/api/mcp/gateway", path: /^\/api\/mcp\/gateway$/ },
  { page: "/api/workflows/[id]/runs", path: /^\/api\/workflows\/(?<id>[^/]+)\/runs$/ },
];

/**
 * The hot route a request path (without its query) names, with its decoded params; null for any other path, or one Next
 * should judge (a malformed escape).
 */
export function matchHotRoute(pathname: string): { route: HotRoute; params: Record<string, string> } | null {
  for (const route of HOT_ROUTES) {
    const match = route.path.exec(pathname);
    if (!match) continue;
    try {
      return {
        route,
        params: Object.fromEntries(
          Object.entries(match.groups ?? {}).map(([name, value]) => [name, decodeURIComponent(value)]),
        ),
      };
    } catch {
      return null;
    }
  }
  return null;
}
