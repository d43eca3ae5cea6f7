/** Connection keys: the same server, client and scope share one; any of the three changing makes another. */
import { describe, expect, it } from "vitest";
import { SECRET_NAME_PATTERN } from "../../secrets/secret-ref";
import { oauthCallbackUrl, oauthConnectionKey, oauthSecretName } from "./connection-key";

describe("OAuth connection keys", () => {
  const url = "https://mcp.example.com/mcp";

  it("is stable for a server, and differs by URL, client id (text or secret name) and scope", () => {
    const key = oauthConnectionKey(url, {});
    expect(key).toMatch(/^[0-9a-f]{24}$/);
    expect(oauthConnectionKey("https://MCP.example.com/mcp", {})).toBe(key);
    const others = [
      oauthConnectionKey("https://mcp.example.com/other", {}),
      oauthConnectionKey(url, { clientId: "abc" }),
      oauthConnectionKey(url, { clientId: { $secret: "abc" } }),
      oauthConnectionKey(url, { scope: "read" }),
    ];
    expect(new Set([key, ...others]).size).toBe(5);
  });

  it("names records that no secret reference can name", () => {
    const name = oauthSecretName(oauthConnectionKey(url, {}), "tokens");
    expect(name).toMatch(/^mcp-oauth\/[0-9a-f]{24}\/tokens$/);
    expect(SECRET_NAME_PATTERN.test(name)).toBe(false);
    expect(oauthCallbackUrl("http://127.0.0.1:3000/")).toBe("http://127.0.0.1:3000/api/mcp/oauth/callback");
  });
});
