/**
 * The workflow language as a person uses it: build "Entry → Agent → If (contains ALERT) → HTTP
 * Request | Output" in the editor, run it twice with different inputs and see the taken branch
 * done and the other skipped; then a webhook trigger: its URL in the inspector, called from
 * outside, and the run it started in the history.
 */
import { expect, test } from "./support/test";
import { EditorPage } from "./pages/editor-page";
import { RunPage } from "./pages/run-page";

test("an If sends the run down one branch and skips the other, for each input", async ({ page }) => {
  const editor = new EditorPage(page);
  await editor.createWorkflow();
  // Two rows, so everything fits beside the inspector: Entry → Agent, then If → HTTP Request | Output.
  // Kept clear of the canvas edges, where dragging a wire would pan the view.
  await editor.dragFromPalette("core.entry", { x: 170, y: 80 });
  await editor.dragFromPalette("core.agent", { x: 470, y: 60 });
  await editor.dragFromPalette("core.if", { x: 170, y: 430 });
  await editor.dragFromPalette("core.http.request", { x: 470, y: 420 });
  await editor.dragFromPalette("core.output", { x: 470, y: 640 });
  const [entry, agent, check, http, output] = ["Entry", "Agent", "If", "HTTP Request", "Output"].map((label) =>
    editor.node(label),
  );

  await editor.select(agent);
  await editor.useScriptedModel('{ "toolCalls": [], "finalText": "Agent says: {{input}}" }');
  await editor.select(check);
  await editor.param("compareTo").fill("ALERT");
  await editor.select(http);
  await editor.param("url").fill("/api/health");
  await editor.connect(entry, "output", agent, "input");
  await editor.connect(agent, "text", check, "input");
  await editor.connect(check, "true", http, "body");
  await editor.connect(check, "false", output, "value");
  await expect(editor.edges).toHaveCount(4);
  await editor.save();
  await expect(page.getByTestId("compile-errors")).toHaveCount(0);
  const editorUrl = page.url();

  const runWith = async (input: string) => {
    await page.goto(editorUrl);
    await page.getByTestId("run-with-input").click();
    await page.getByTestId("run-input-text").fill(input);
    await page.getByTestId("run-input-submit").click();
    await page.waitForURL(/\/runs\/[^/]+$/);
    const run = new RunPage(page);
    await run.expectCompleted();
    return run;
  };
  const statusOf = (label: string) =>
    page
      .locator(".react-flow__node", { has: page.locator(".node-title").getByText(label, { exact: true }) })
      .locator(".node-status");

  await runWith("ALERT: the disk is full");
  await expect(statusOf("HTTP Request")).toHaveText("Done");
  await expect(statusOf("Output")).toHaveText("Skipped");
  await page.screenshot({ path: "test-results/if-alert-branch.png" });

  const quiet = await runWith("all quiet");
  await expect(statusOf("HTTP Request")).toHaveText("Skipped");
  await expect(statusOf("Output")).toHaveText("Done");
  await expect(quiet.finalAnswer).toContainText("Agent says: all quiet");
  await expect(page.getByTestId("event-timeline")).toContainText("HTTP Request skipped");
});

test("a webhook trigger shows its URL, and a call to it starts a run found in the history", async ({
  page,
  request,
}) => {
  const created = await request.post("/api/workflows", {
    data: {
      publish: true,
      name: "Webhook e2e",
      nodes: [
        {
          id: "hook",
          type: "trigger.webhook",
          position: { x: 100, y: 160 },
          data: { label: "Incoming order", mode: "normal", params: {} },
        },
        {
          id: "out",
          type: "core.output",
          position: { x: 420, y: 160 },
          data: { label: "Out", mode: "normal", params: {} },
        },
      ],
      edges: [{ id: "e1", source: "hook", sourceHandle: "output", target: "out", targetHandle: "value" }],
    },
  });
  const { id } = (await created.json()) as { id: string };
  const editor = new EditorPage(page);
  await page.goto(`/workflows/${id}`);
  await editor.select(editor.node("Incoming order"));
  const url = await page.getByTestId("webhook-url").textContent();
  expect(url).toMatch(new RegExp(`/api/hooks/${id}/hook$`));
  await page.screenshot({ path: "test-results/webhook-inspector.png" });

  const called = await request.post(url!, { data: { order: 42 } }); // the request fixture carries an editor's API key
  expect(called.status()).toBe(202);
  const { runId } = (await called.json()) as { runId: string };

  await page.goto(`/runs?workflowId=${id}`);
  const row = page.getByTestId("run-row").filter({ has: page.getByTestId("run-trigger").getByText("webhook") });
  await expect(row).toHaveCount(1);
  await row.click();
  await expect(page).toHaveURL(new RegExp(`/runs/${runId}$`));
  await new RunPage(page).expectCompleted();
  await expect(page.getByTestId("final-answer")).toContainText("42");
});

test("Run opens a form built from the Entry's input fields, and the run gets typed input with defaults", async ({
  page,
  request,
}) => {
  const created = await request.post("/api/workflows", {
    data: {
      publish: true,
      name: "Forecast e2e",
      nodes: [
        {
          id: "entry",
          type: "core.entry",
          position: { x: 100, y: 160 },
          data: {
            label: "Entry",
            mode: "normal",
            params: {
              inputFields: [
                { name: "city", type: "string", required: true, description: "Which city" },
                { name: "days", type: "number", default: 3 },
              ],
            },
          },
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
  await page.goto(`/workflows/${id}`);
  await page.getByTestId("run-workflow").click();
  const form = page.getByTestId("run-input-form");
  await expect(form).toContainText("Which city");
  await expect(page.getByTestId("run-input-field-days")).toHaveValue("3");
  await page.getByTestId("run-input-submit").click();
  await expect(page.getByTestId("run-input-dialog").getByRole("alert")).toContainText("city: Required");
  await page.getByTestId("run-input-field-city").fill("Bergen");
  await page.screenshot({ path: "test-results/run-form.png" });
  await page.getByTestId("run-input-submit").click();
  await page.waitForURL(/\/runs\/[^/]+$/);
  await new RunPage(page).expectCompleted();
  await expect(page.getByTestId("final-answer")).toContainText('"city": "Bergen"');
  await expect(page.getByTestId("final-answer")).toContainText('"days": 3');
});
