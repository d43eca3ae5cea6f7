/**
 * The three levels of tool use in the editor and the run view: a Tool Call node with templated
 * arguments, an LLM node calling a tool once, and an agent whose prompt reads both — all sharing
 * one HTTP Request tool — drawn, run, and read back as a person would.
 */
import { expect, test } from "./support/test";
import { EditorPage } from "./pages/editor-page";
import { RunPage } from "./pages/run-page";

const LLM_SCRIPT = JSON.stringify({
  toolCalls: [{ tool: "http_request", args: { url: "/api/workflows" } }],
  finalText: "unused",
});
const AGENT_SCRIPT = JSON.stringify({
  toolCalls: [{ tool: "http_request", args: { url: "/api/health?from=agent" } }],
  finalText: "Agent read: {{input}} | health: {{results.0}}",
});

test("a Tool Call, an LLM and an Agent share one tool; the run view shows each level's calls and the agent's answer", async ({
  page,
}) => {
  const editor = new EditorPage(page);
  await editor.createWorkflow();

  // Kept clear of the canvas edges, where dragging a wire would pan the view.
  await editor.dragFromPalette("core.entry", { x: 130, y: 200 });
  await editor.dragFromPalette("core.tool.call", { x: 440, y: 90 });
  await editor.dragFromPalette("core.llm", { x: 440, y: 330 });
  await editor.dragFromPalette("core.agent", { x: 760, y: 200 });
  await editor.dragFromPalette("core.http.request", { x: 440, y: 600 });
  const [entry, toolCall, llm, agent, http] = ["Entry", "Tool Call", "LLM", "Agent", "HTTP Request"].map((label) =>
    editor.node(label),
  );

  await editor.select(entry);
  await editor.param("defaultInput").fill("e2e-visitor");

  await editor.select(http);
  await editor.inspector.getByTestId("tool-mode-toggle").check();
  await editor.param("url").fill("/api/health");
  // The LLM's call to /api/workflows is answered 401 (it carries no credentials): hand that status on, as before.
  await editor.param("anyStatus").check();

  await editor.connect(entry, "output", llm, "input");
  await editor.connect(llm, "text", agent, "input");
  await editor.connect(http, "tool", toolCall, "tools");
  await editor.connect(http, "tool", llm, "tools");
  await editor.connect(http, "tool", agent, "tools");
  await expect(editor.edges).toHaveCount(5);

  await editor.select(toolCall);
  // The tool field suggests the wired source's tool.
  await expect(editor.inspector.getByTestId("param-tool-options").locator("option")).toHaveAttribute(
    "value",
    "http_request",
  );
  await editor.param("tool").fill("http_request");
  await editor.param("args").fill('{ "url": "/api/health?who={{entry}}" }');
  await editor.select(llm);
  await editor.useScriptedModel(LLM_SCRIPT);
  await editor.select(agent);
  await editor.useScriptedModel(AGENT_SCRIPT);
  await editor.param("prompt").fill("status={{tool_call.result.status}} llm={{input}}");
  await editor.save();
  await expect(page.getByTestId("compile-errors")).toHaveCount(0);

  await editor.run();
  const run = new RunPage(page);
  await run.expectCompleted();
  const calls = run.toolCall("http_request");
  await expect(calls).toHaveCount(3);
  // Level 1: the arguments were filled from the Entry node's output.
  const levelOne = calls.filter({ hasText: "Tool Call, step 1" });
  await expect(levelOne.getByTestId("tool-call-args")).toContainText("/api/health?who=e2e-visitor");
  // Level 2: the LLM's single call; level 3: the agent's call in its loop.
  await expect(calls.filter({ hasText: "LLM, step 1" }).getByTestId("tool-call-args")).toContainText("/api/workflows");
  await expect(calls.filter({ hasText: "Agent, step 1" }).getByTestId("tool-call-result")).toContainText(
    '"status":"ok"',
  );
  // The agent's prompt was filled from the Tool Call's result and the LLM's answer (which carries its tool result).
  await expect(run.finalAnswer).toContainText("Agent read: status=200 llm=http_request:");
  await expect(run.finalAnswer).toContainText('health: {"status":200');
  // Entry, Tool Call, LLM and Agent ran; the HTTP Request node is a tool, not a step of its own.
  await expect(run.graph.locator(".node-status-completed")).toHaveCount(4);
  await page.screenshot({ path: "test-results/screenshots/tool-levels-run.png" });

  // Inspecting the agent: the settings it ran with (its prompt filled) and its conversation, step by step.
  await run.graph
    .locator(".react-flow__node", { has: page.locator(".node-title").getByText("Agent", { exact: true }) })
    .click();
  await expect(page.getByTestId("node-params-value").locator('[data-param="prompt"]')).toContainText(
    "status=200 llm=http_request:",
  );
  const messages = page.getByTestId("conversation-message");
  await expect(messages.nth(0)).toHaveAttribute("data-role", "system"); // the Agent's default system prompt
  await expect(messages.nth(1)).toHaveAttribute("data-role", "user");
  await expect(messages.nth(1)).toContainText("status=200 llm=http_request:");
  await expect(messages.filter({ hasText: "calls http_request" })).toHaveCount(1);
  await expect(page.locator('[data-testid="conversation-message"][data-role="tool"]')).toContainText(
    "http_request answered",
  );
  await expect(messages.last()).toHaveAttribute("data-role", "assistant");
  await expect(messages.last()).toContainText("Agent read: status=200");
  await expect(page.getByTestId("node-usage")).toContainText("tokens");
  await expect(page.getByTestId("node-output-value")).toContainText("Agent read: status=200");
  // The output is a tree: the agent's tool calls fold away, and open again.
  const toolCallsSummary = page
    .getByTestId("node-output-value")
    .locator("summary")
    .filter({ hasText: /^toolCalls:/ });
  const toolCalls = toolCallsSummary.locator("xpath=..");
  await expect(toolCallsSummary).toHaveText("toolCalls:[1 item]");
  await toolCallsSummary.click();
  await expect(toolCalls).not.toHaveAttribute("open", "");
  await toolCallsSummary.click();
  await expect(toolCalls).toHaveAttribute("open", "");
  await page.getByTestId("node-output").screenshot({ path: "test-results/screenshots/node-output-tree.png" });
  await page.getByTestId("node-conversation").screenshot({ path: "test-results/screenshots/node-conversation.png" });
  await page.getByTestId("node-params").screenshot({ path: "test-results/screenshots/node-params.png" });
});

test("the editor names a Tool Call without a tool and a template naming no node", async ({ page }) => {
  const editor = new EditorPage(page);
  await editor.createWorkflow();
  await editor.dragFromPalette("core.tool.call", { x: 400, y: 200 });
  await editor.select(editor.node("Tool Call"));
  await editor.param("args").fill('{ "url": "{{nowhere.ip}}" }');
  await editor.save();
  const problems = page.getByTestId("compile-errors");
  await expect(problems).toContainText("2 problems");
  await problems.getByRole("button", { name: "2 problems" }).click();
  await expect(problems).toContainText("needs a tool wired into its tools handle");
  await expect(problems).toContainText('no node is called "nowhere"');
});
