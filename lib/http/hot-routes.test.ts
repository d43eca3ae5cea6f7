/**
 * The hot routes npm start's web process serves itself are exactly the paths proxy.ts leaves out, matched as Next.js
 * matches them.
 */
import { unstable_doesMiddlewareMatch } from "next/experimental/testing/server";
import { describe, expect, it } from "vitest";
import { config } from "../../proxy";
import { HOT_ROUTES, matchHotRoute } from "./hot-routes";

const hotPaths = ["/api/mcp/gateway", "/api/workflows/wf_123/runs"];
const otherPaths = [
  "/",
  "/workflows/wf_123",
  "/api/workflows",
  "/api/workflows/wf_123",
  "/api/workflows/wf_123/runs/extra",
  "/api/mcp/gateway/x",
  "/api/mcp/gatewayx",
  "/api/runs/r1/events",
];

describe("hot routes", () => {
  it("name the gateway and run start, with decoded params", () => {
    expect(matchHotRoute("/api/mcp/gateway")).toEqual({ route: HOT_ROUTES[0], params: {} });
    expect(matchHotRoute("/api/workflows/wf%20a/runs")).toEqual({ route: HOT_ROUTES[1], params: { id: "wf a" } });
    for (const path of otherPaths) expect(matchHotRoute(path), path).toBeNull();
  });

  it("leave a malformed escape to Next.js", () => {
    expect(matchHotRoute("/api/workflows/%E0%A4%A/runs")).toBeNull();
  });

  it("are exactly the paths the proxy skips", () => {
    for (const path of hotPaths) {
      expect(matchHotRoute(path), path).not.toBeNull();
      expect(unstable_doesMiddlewareMatch({ config, url: path }), path).toBe(false);
    }
    for (const path of otherPaths) expect(unstable_doesMiddlewareMatch({ config, url: path }), path).toBe(true);
  });
});
