/**
 * A viewer opening an Agent whose API key is a stored secret: a viewer may not list secrets, and
 * that is no reason to call the secret missing. The picker shows the name, neutrally, and the refusal is asked once.
 */
import { expect, test } from "./support/test";
import { createInvite, joinWithInvite } from "./support/accounts";
import { shareThroughFolder } from "./support/folders";
import { EditorPage } from "./pages/editor-page";

test("a viewer sees an Agent's stored secret by name, not as missing", async ({ page, browser, request }) => {
  const secretName = `VIEWER_KEY_${Date.now()}`;
  expect((await request.put(`/api/secrets/${secretName}`, { data: { value: "sk-viewer-e2e" } })).ok()).toBe(true);
  const created = await request.post("/api/workflows", {
    data: {
      publish: true,
      name: "Viewer secret",
      nodes: [
        {
          id: "agent",
          type: "core.agent",
          position: { x: 300, y: 200 },
          data: {
            label: "Agent",
            mode: "normal",
            params: {
              provider: "openai-compatible",
              baseUrl: "https://api.openai.com/v1",
              model: "gpt-4o-mini",
              apiKey: { $secret: secretName },
            },
          },
        },
      ],
      edges: [],
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };

  const viewerEmail = `secret-viewer-${Date.now()}@switchboard.test`;
  const viewer = await joinWithInvite(browser, await createInvite(page, "viewer"), {
    name: "Vera Viewer",
    email: viewerEmail,
    password: "a long viewer password",
  });
  await shareThroughFolder(page, id, viewerEmail, "viewer"); // since sharing, the owner's until shared
  const secretReads: string[] = [];
  viewer.on(
    "request",
    (sent) => void (new URL(sent.url()).pathname === "/api/secrets" && secretReads.push(sent.url())),
  );
  await viewer.goto(`/workflows/${id}`);
  const editor = new EditorPage(viewer);
  await editor.select(editor.node("Agent"));
  const apiKey = editor.param("apiKey");
  await expect(apiKey).toHaveValue(secretName);
  await expect(editor.inspector.getByTestId("param-apiKey-unlisted")).toBeVisible();
  await expect(editor.inspector).not.toContainText("No secret named");
  await expect(editor.inspector).not.toContainText("not found");
  await expect(apiKey).not.toHaveAttribute("aria-invalid", "true");
  await viewer.screenshot({ path: "test-results/screenshots/viewer-secret.png" });
  // The refusal to list is kept like an answer while the editor is open: the picker shown again asks no second time.
  await viewer.keyboard.press("Escape");
  await editor.select(editor.node("Agent"));
  await expect(editor.inspector.getByTestId("param-apiKey-unlisted")).toBeVisible();
  expect(secretReads).toHaveLength(1);
  expect((await request.delete(`/api/secrets/${secretName}`)).status()).toBe(204);
});
