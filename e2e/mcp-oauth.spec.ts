/**
 * An MCP server that signs in with OAuth, in the inspector: choosing OAuth shows its settings and
 * "Not connected", and Connect against a server that cannot be reached says why instead of opening
 * a sign-in. (The whole sign-in runs against a real authorization server in
 * lib/mcp/mcp-oauth.integration.test.ts: the e2e app refuses loopback addresses, as production does.)
 */
import { expect, test } from "./support/test";
import { EditorPage } from "./pages/editor-page";

test("an MCP server set to OAuth shows its sign-in settings and status, and a failed Connect says why", async ({
  page,
  request,
}) => {
  const created = await request.post("/api/workflows", {
    data: {
      publish: true,
      name: "OAuth e2e",
      nodes: [
        {
          id: "remote",
          type: "mcp.server",
          position: { x: 300, y: 200 },
          data: {
            label: "Remote tools",
            mode: "tool",
            params: { transport: "http", url: "https://mcp.unreachable.invalid/mcp", auth: "oauth" },
          },
        },
      ],
      edges: [],
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  await page.goto(`/workflows/${id}`);
  const editor = new EditorPage(page);
  await editor.select(editor.node("Remote tools"));
  await expect(editor.param("oauthClientId")).toBeVisible();
  await expect(editor.param("oauthScope")).toBeVisible();
  const status = editor.inspector.getByTestId("mcp-oauth-status");
  await expect(status).toHaveText(/Not connected/);

  await editor.inspector.getByTestId("mcp-oauth-connect").click();
  await expect(editor.inspector.getByTestId("mcp-oauth-error")).toContainText(
    "Could not start the sign-in with https://mcp.unreachable.invalid: ",
    { timeout: 30_000 },
  );
  await editor.inspector.screenshot({ path: "test-results/screenshots/mcp-oauth-inspector.png" });
});
