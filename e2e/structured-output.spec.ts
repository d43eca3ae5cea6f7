/**
 * Structured output and the model picker as a person uses them: an LLM on a local Ollama (a real
 * HTTP server speaking Ollama's /api/tags and /v1), its model picked from the list the server gives
 * (and, on the Secrets page, a provider's key offered as a kind with its hosts),
 * an output schema built field by field whose `city` field becomes a handle wired into an Output,
 * a field name the node already uses refused by name in the JSON view, then a run whose answer's
 * field reaches the Output.
 */
import { expect, test } from "./support/test";
import { EditorPage } from "./pages/editor-page";
import { RunPage } from "./pages/run-page";
import { startFakeChatCompletions } from "../lib/testing/fake-chat-completions";

test("an LLM's output schema fields become handles, and its model is picked from what Ollama has", async ({ page }) => {
  const ollama = await startFakeChatCompletions([{ text: '{"city":"Oslo","celsius":4}' }], {
    models: ["llama3.2:latest", "qwen2.5:7b"],
  });
  try {
    // The Secrets page offers each provider's key as a kind: its usual name and the hosts it may go to.
    await page.goto("/secrets");
    await page.getByTestId("secret-kind").selectOption({ label: "Google Gemini API key" });
    await expect(page.getByTestId("secret-name")).toHaveValue("GEMINI_API_KEY");
    await expect(page.getByTestId("secret-hosts")).toHaveValue("generativelanguage.googleapis.com");

    const editor = new EditorPage(page);
    await editor.createWorkflow();
    await editor.dragFromPalette("core.entry", { x: 130, y: 200 });
    await editor.dragFromPalette("core.llm", { x: 460, y: 200 });
    await editor.dragFromPalette("core.output", { x: 820, y: 200 });
    const [entry, llm, output] = ["Entry", "LLM", "Output"].map((label) => editor.node(label));
    await editor.connect(entry, "output", llm, "input");

    await editor.select(llm);
    await editor.param("provider").selectOption("ollama");
    await expect(editor.param("model")).toHaveValue("llama3.2"); // the provider's default, not OpenAI's model
    await editor.param("ollamaBaseUrl").fill(ollama.origin);
    await editor.inspector.getByTestId("param-model-list").click();
    await expect(editor.inspector.getByTestId("param-model-listed")).toContainText("2 models from the provider");
    await expect(editor.inspector.getByTestId("param-model-options").locator("option")).toHaveCount(2);
    await editor.param("model").fill("qwen2.5:7b");
    await expect(llm.locator(".node-model")).toHaveText("Ollama · qwen2.5:7b");
    await expect(editor.inspector).not.toContainText("OLLAMA_API_KEY"); // no key asked of a local server

    // The schema, field by field: each field becomes an output handle of the node.
    const schema = editor.param("outputSchema");
    for (const [name, type] of [
      ["city", "string"],
      ["celsius", "number"],
    ]) {
      await schema.getByTestId("add-input-field").click();
      const row = schema.getByTestId("input-field-row").last();
      await row.getByTestId("input-field-name").fill(name);
      await row.getByTestId("input-field-type").selectOption(type);
    }
    await schema.getByTestId("input-field-row").first().getByTestId("input-field-description").fill("The city");
    await expect(llm.locator(".react-flow__handle.source")).toHaveCount(6); // text, toolCalls, usage, object, 2 fields
    await page.screenshot({ path: "test-results/screenshots/structured-output-inspector.png" });

    // As JSON Schema: a field named like an output the node already has is refused, naming it.
    await editor.inspector.getByTestId("param-outputSchema-json-mode").click();
    const json = editor.param("outputSchema");
    await expect(json).toHaveValue(/"city": \{\s*"type": "string",\s*"description": "The city"/);
    const valid = await json.inputValue();
    await json.fill(valid.replace('"celsius"', '"text"').replace('"celsius"', '"text"'));
    await expect(editor.inspector).toContainText('"LLM": output schema properties.text: "text" is already one of');
    await json.fill(valid);
    await expect(editor.inspector).not.toContainText("output schema properties");

    await editor.connect(llm, "city", output, "value");
    await editor.save();
    await expect(page.getByTestId("compile-errors")).toHaveCount(0);

    await editor.run();
    const run = new RunPage(page);
    await run.expectCompleted();
    await expect(run.finalAnswer.locator(".final-answer-text")).toHaveText("Oslo");
    await page.screenshot({ path: "test-results/screenshots/structured-output-run.png" });
    expect(ollama.received[0].path).toBe("/v1/chat/completions");
    expect(ollama.received[0].body.model).toBe("qwen2.5:7b");
    expect(ollama.received[0].body.response_format?.json_schema?.schema).toMatchObject({
      properties: { city: { type: "string", description: "The city" }, celsius: { type: "number" } },
      required: ["city", "celsius"],
    });
  } finally {
    ollama.close();
  }
});
