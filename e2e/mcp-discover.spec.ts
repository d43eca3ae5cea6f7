/**
 * Discover tools as a person uses it: a remote MCP server on this machine's loopback is discovered
 * as a run would reach it (loopback is allowed outside production, the web process included).
 */
import { expect, test } from "./support/test";
import { EditorPage } from "./pages/editor-page";
import { startEchoMcpPeer } from "../lib/testing/echo-mcp-peer";

test("Discover lists the tools of a remote MCP server on 127.0.0.1, as a run would reach it", async ({
  page,
  request,
}) => {
  const peer = await startEchoMcpPeer();
  try {
    const created = await request.post("/api/workflows", {
      data: {
        name: "Loopback discover",
        nodes: [
          {
            id: "remote",
            type: "mcp.server",
            position: { x: 300, y: 200 },
            data: { label: "Local tools", mode: "tool", params: { transport: "http", url: peer.url } },
          },
        ],
        edges: [],
      },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    await page.goto(`/workflows/${id}`);
    const editor = new EditorPage(page);
    await editor.select(editor.node("Local tools"));
    const mcp = editor.inspector.getByTestId("mcp-section");
    await mcp.getByTestId("discover-tools").click();
    await expect(mcp.getByTestId("mcp-tool-echo_request")).toBeVisible();
    await expect(mcp.getByTestId("discover-error")).toHaveCount(0);
    expect(peer.received.length).toBeGreaterThan(0);
  } finally {
    await peer.close();
  }
});
