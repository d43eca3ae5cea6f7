/**
 * The two inspector fields that reach outside the node: a secret picked by name (the value never
 * reaches the page) and a prompt template completed from an upstream node's outputs. Both are
 * saved with the workflow and read back after a reload.
 */
import { expect, test } from "./support/test";
import { EditorPage } from "./pages/editor-page";
import { SecretsPage } from "./pages/secrets-page";

test("a person picks an API key secret by name and completes a prompt template from the Entry node", async ({
  page,
  request,
}) => {
  const stamp = Date.now();
  const secretName = `ANTHROPIC_KEY_${stamp}`;
  const secretValue = `sk-ant-e2e-${stamp}`;
  await page.goto("/secrets");
  await new SecretsPage(page).add(secretName, secretValue);

  const editor = new EditorPage(page);
  await editor.createWorkflow();
  await editor.dragFromPalette("core.entry", { x: 170, y: 170 });
  await editor.dragFromPalette("core.agent", { x: 560, y: 170 });
  const agent = editor.node("Agent");
  await editor.connect(editor.node("Entry"), "output", agent, "input");

  await editor.select(agent);
  // A new Agent asks for a real model, spelled out: OpenAI's endpoint, a model, the OPENAI_API_KEY secret.
  await expect(editor.param("provider")).toHaveValue("openai-compatible");
  await expect(editor.param("baseUrl")).toHaveValue("https://api.openai.com/v1");
  await expect(editor.param("model")).toHaveValue("gpt-4o-mini");
  // An emptied Base URL is pointed out, not quietly taken as OpenAI's.
  await editor.param("baseUrl").fill("");
  await expect(editor.inspector).toContainText('"Agent" needs a Base URL');
  await editor.param("baseUrl").fill("https://api.openai.com/v1");
  await editor.param("provider").selectOption("anthropic");
  await expect(editor.param("apiKey").locator("option", { hasText: secretName })).toHaveCount(1);
  await editor.param("apiKey").selectOption(secretName);

  const prompt = editor.param("prompt");
  await prompt.fill("");
  await prompt.pressSequentially("Answer this: {{");
  const suggestions = editor.inspector.getByTestId("param-prompt-suggestions");
  // The node's own Input handle first, then the upstream outputs.
  await expect(suggestions.getByRole("option")).toHaveCount(2);
  await expect(suggestions.getByRole("option").first()).toContainText("{{input}}");
  await suggestions.getByRole("option").filter({ hasText: "{{Entry.output}}" }).getByRole("button").click();
  await expect(prompt).toHaveValue("Answer this: {{Entry.output}}");
  await page.screenshot({ path: "test-results/screenshots/editor-agent-anthropic.png" });
  await editor.save();

  await page.reload();
  await editor.select(editor.node("Agent"));
  await expect(editor.param("provider")).toHaveValue("anthropic");
  await expect(editor.param("apiKey")).toHaveValue(secretName);
  await expect(editor.param("prompt")).toHaveValue("Answer this: {{Entry.output}}");
  await expect(editor.inspector).not.toContainText("not found");
  expect(await page.content()).not.toContain(secretValue);
  expect((await request.delete(`/api/secrets/${secretName}`)).status()).toBe(204);
});

test("a secret added on the Secrets page while the editor was open is offered when the workflow is opened again", async ({
  page,
  request,
}) => {
  const secretName = `LATER_KEY_${Date.now()}`;
  const editor = new EditorPage(page);
  await editor.createWorkflow();
  const workflowId = page.url().split("/").pop()!;
  await editor.addFromPalette("core.agent");
  await editor.select(editor.node("Agent"));
  await expect(editor.param("apiKey").locator("option").first()).toBeAttached();
  await expect(editor.param("apiKey").locator("option", { hasText: secretName })).toHaveCount(0);
  // Every step from here is a client-side navigation: the page (and whatever it remembered) stays loaded.
  await page.evaluate(() => ((window as unknown as { stayedLoaded: boolean }).stayedLoaded = true));

  await page.getByLabel("Back to workflows").click();
  await page.getByTestId("nav-secrets").click();
  await new SecretsPage(page).add(secretName, "sk-later");
  await page.getByRole("link", { name: "Workflows", exact: true }).click();
  await page.locator(`[data-workflow-id="${workflowId}"]`).getByTestId("workflow-row-link").click();
  await editor.select(editor.node("Agent"));
  await expect(editor.param("apiKey").locator("option", { hasText: secretName })).toHaveCount(1);
  expect(await page.evaluate(() => (window as unknown as { stayedLoaded?: boolean }).stayedLoaded)).toBe(true);
  expect((await request.delete(`/api/secrets/${secretName}`)).status()).toBe(204);
});
