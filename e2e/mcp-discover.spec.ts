/**
 * Discover tools as a person uses it: a remote MCP server on this machine's loopback is discovered
 * as a run would reach it (loopback is allowed outside production, the web process included), and
 * a server that never answers can be cancelled, its program killed.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { EditorPage } from "./pages/editor-page";
import { startEchoMcpPeer } from "../lib/testing/echo-mcp-peer";
import { survivorsAfter } from "../lib/testing/host-processes";
import { processesWith } from "../lib/testing/mcp-peers";

type McpNodeData = { label: string; mode: "tool"; params: Record<string, unknown> };

/** Saves a workflow of one MCP Server node, opens it in the editor and selects the node; its MCP section. */
async function openMcpNode(page: Page, request: APIRequestContext, name: string, data: McpNodeData) {
  const node = { id: "mcp", type: "mcp.server", position: { x: 300, y: 200 }, data };
  const created = await request.post("/api/workflows", { data: { publish: true, name, nodes: [node], edges: [] } });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  await page.goto(`/workflows/${id}`);
  const editor = new EditorPage(page);
  await editor.select(editor.node(data.label));
  return editor.inspector.getByTestId("mcp-section");
}

test("Discover lists the tools of a remote MCP server on 127.0.0.1, as a run would reach it", async ({
  page,
  request,
}) => {
  const peer = await startEchoMcpPeer();
  try {
    const mcp = await openMcpNode(page, request, "Loopback discover", {
      label: "Local tools",
      mode: "tool",
      params: { transport: "http", url: peer.url },
    });
    await mcp.getByTestId("discover-tools").click();
    await expect(mcp.getByTestId("mcp-tool-echo_request")).toBeVisible();
    await expect(mcp.getByTestId("discover-error")).toHaveCount(0);
    expect(peer.received.length).toBeGreaterThan(0);
  } finally {
    await peer.close();
  }
});

test("Discover can be cancelled: the request stops and the program it started is killed", async ({ page, request }) => {
  const marker = `discover-hangs-${Date.now()}`;
  // Starts, never answers the MCP handshake: Discover would spin until its 20 s startup timeout.
  const mcp = await openMcpNode(page, request, "Cancel discover", {
    label: "Silent server",
    mode: "tool",
    params: { transport: "stdio", command: "node", args: ["-e", "setInterval(() => {}, 1000)", marker] },
  });
  await mcp.getByTestId("discover-tools").click();
  await expect(mcp.getByTestId("discover-tools")).toHaveText(/Connecting/);
  await expect.poll(() => processesWith(marker).length, { timeout: 15_000 }).toBeGreaterThan(0);
  await mcp.screenshot({ path: "test-results/screenshots/discover-cancel.png" });
  const cancelledAt = Date.now();
  await mcp.getByTestId("discover-cancel").click();
  await expect(mcp.getByTestId("discover-tools")).toHaveText(/Discover tools/);
  await expect(mcp.getByTestId("discover-cancel")).toHaveCount(0);
  expect(await survivorsAfter(marker, 5_000)).toEqual([]);
  expect(Date.now() - cancelledAt).toBeLessThan(10_000);
});
