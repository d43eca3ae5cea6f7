/**
 * Offering a workflow over MCP, as a person does it: switch on "Expose over MCP" in the workflow
 * settings with a tool name, find the address and a ready-to-paste client configuration in
 * Settings, and see the tool answer an MCP call made with an API key.
 */
import { ownerApiKey } from "./support/auth-files";
import { expect, test } from "./support/test";
import { EditorPage } from "./pages/editor-page";

test("a workflow exposed over MCP is listed and callable, and Settings shows how to connect", async ({
  page,
  request,
  baseURL,
}) => {
  const created = await request.post("/api/workflows", {
    data: {
      publish: true,
      name: "Echo over MCP",
      nodes: [
        {
          id: "entry",
          type: "core.entry",
          position: { x: 100, y: 160 },
          data: { label: "Entry", mode: "normal", params: {} },
        },
        {
          id: "out",
          type: "core.output",
          position: { x: 420, y: 160 },
          data: { label: "Out", mode: "normal", params: {} },
        },
      ],
      edges: [{ id: "e1", source: "entry", sourceHandle: "output", target: "out", targetHandle: "value" }],
    },
  });
  const { id } = (await created.json()) as { id: string };
  const editor = new EditorPage(page);
  await page.goto(`/workflows/${id}`);
  await page.getByTestId("mcp-expose-toggle").check();
  await page.getByTestId("mcp-tool-name").fill("echo_back");
  await editor.save();
  // Exposure is a setting of the version that is live: it takes effect once published.
  await page.getByTestId("publish-workflow").click();
  await page.getByTestId("publish-confirm").click();
  await expect(page.getByTestId("publish-state")).toHaveText("v2 live");

  await page.goto("/settings");
  await expect(page.getByTestId("mcp-server-url")).toHaveText(`${baseURL}/api/mcp/workflows`);
  await expect(page.getByTestId("mcp-config-cursor")).toContainText(`"url": "${baseURL}/api/mcp/workflows"`);
  await expect(page.getByTestId("mcp-config-inspector")).toContainText("npx @modelcontextprotocol/inspector --cli");
  await page.getByTestId("mcp-server").screenshot({ path: "test-results/mcp-settings.png" });

  // An MCP client speaks JSON-RPC over Streamable HTTP with the owner's API key.
  const apiKey = ownerApiKey();
  const mcp = (body: unknown) =>
    request.post("/api/mcp/workflows", {
      headers: { authorization: `Bearer ${apiKey}`, accept: "application/json, text/event-stream" },
      data: body,
    });
  const listed = await (await mcp({ jsonrpc: "2.0", id: 1, method: "tools/list" })).text();
  expect(listed).toContain('"name":"echo_back"');
  const called = await (
    await mcp({
      jsonrpc: "2.0",
      id: 2,
      method: "tools/call",
      params: { name: "echo_back", arguments: { input: "ping" } },
    })
  ).text();
  expect(called).toContain('"text":"ping"');
  expect(
    (
      await request.post("/api/mcp/workflows", {
        headers: { authorization: "Bearer nope", accept: "application/json, text/event-stream" },
        data: {},
      })
    ).status(),
  ).toBe(401);
});
