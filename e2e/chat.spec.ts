/**
 * The Chat panel as a person uses it: four messages to a workflow whose Agent remembers two turns
 * (the model is a real HTTP server speaking the OpenAI API, so the real client runs and we can see
 * what it was sent), each answer streaming in and then kept; then rename and delete. And a tool
 * call that needs approval, approved in the chat. And switching agents mid-call: the debug log
 * shows the first agent's context wound down (grace, forced teardown, MCP server closed) and the
 * next one built.
 */
import path from "node:path";
import { expect, test } from "./support/test";
import { graphNode } from "./support/graph-node";
import { startFakeChatCompletions } from "../lib/testing/fake-chat-completions";
import { exampleWorkflowGraph } from "../lib/workflow-store/example";

test("chat four turns with memory of two: the fourth request carries only the last two turns", async ({
  page,
  request,
}) => {
  const llm = await startFakeChatCompletions(
    [1, 2, 3, 4].map((n) => ({ text: `Answer number ${n}, streamed a few words at a time.` })),
  );
  try {
    const agentParams = {
      provider: "openai-compatible",
      baseUrl: llm.baseUrl,
      model: "gpt-test",
      systemPrompt: "",
      memory: true,
      memoryWindow: 2,
    };
    const created = await request.post("/api/workflows", {
      data: {
        publish: true,
        name: "Chat e2e",
        nodes: [
          {
            id: "entry",
            type: "core.entry",
            position: { x: 0, y: 0 },
            data: { label: "Entry", mode: "normal", params: {} },
          },
          {
            id: "agent",
            type: "core.agent",
            position: { x: 320, y: 0 },
            data: { label: "Agent", mode: "normal", params: agentParams },
          },
        ],
        edges: [{ id: "e", source: "entry", sourceHandle: "output", target: "agent", targetHandle: "input" }],
      },
    });
    const { id } = (await created.json()) as { id: string };
    await page.goto(`/workflows/${id}`);
    await page.getByTestId("open-chat").click();
    const chat = page.getByTestId("chat-panel");
    await expect(chat).toContainText("Send a message");

    for (const n of [1, 2, 3, 4]) {
      await chat.getByTestId("chat-input").fill(`Question ${n}`);
      await chat.getByTestId("chat-input").press("Enter");
      await expect(chat.getByTestId("chat-answer").nth(n - 1)).toContainText(`Answer number ${n}, streamed`, {
        timeout: 30_000,
      });
    }
    await expect(chat.getByTestId("chat-user-message")).toHaveText([
      "Question 1",
      "Question 2",
      "Question 3",
      "Question 4",
    ]);
    await page.screenshot({ path: "test-results/screenshots/chat-panel.png" });

    const sent = (n: number) =>
      llm.received[n].body.messages.map((message) => `${message.role}: ${String(message.content)}`);
    expect(sent(0)).toEqual(["user: Question 1"]);
    expect(sent(3)).toEqual([
      "user: Question 2",
      "assistant: Answer number 2, streamed a few words at a time.",
      "user: Question 3",
      "assistant: Answer number 3, streamed a few words at a time.",
      "user: Question 4",
    ]);

    // The first message named the conversation; rename it, then delete it.
    await expect(chat.getByTestId("chat-conversations").locator("option:checked")).toHaveText("Question 1");
    page.once("dialog", (dialog) => void dialog.accept("Memory check"));
    await chat.getByTestId("chat-rename").click();
    await expect(chat.getByTestId("chat-conversations").locator("option:checked")).toHaveText("Memory check");
    page.once("dialog", (dialog) => void dialog.accept());
    await chat.getByTestId("chat-delete").click();
    await expect(chat.getByTestId("chat-conversations").locator("option")).toHaveCount(1);
    await expect(chat.getByTestId("chat-turn")).toHaveCount(0);
  } finally {
    llm.close();
  }
});

test("a tool call that needs approval waits in the chat, is approved there, and the answer follows", async ({
  page,
  request,
}) => {
  const graph = exampleWorkflowGraph();
  graph.nodes.find((node) => node.id === "agent")!.data.params.script = {
    toolCalls: [{ tool: "http_request", args: { url: "/api/health" } }],
    finalText: "Health: {{results.0}}",
  };
  graph.nodes.find((node) => node.id === "http")!.data.toolConfig = { requiresApproval: true };
  const created = await request.post("/api/workflows", {
    data: { publish: true, ...graph, name: "Chat approval e2e" },
  });
  const { id } = (await created.json()) as { id: string };
  await page.goto(`/workflows/${id}`);
  await page.getByTestId("open-chat").click();
  const chat = page.getByTestId("chat-panel");
  await chat.getByTestId("chat-input").fill("Is the server healthy?");
  await chat.getByTestId("chat-send").click();

  const waiting = chat.locator('[data-testid="approval-request"][data-state="pending"]');
  await expect(waiting).toHaveCount(1, { timeout: 30_000 });
  await expect(waiting.getByTestId("approval-tool-name")).toHaveText("http_request");
  await expect(chat.getByTestId("chat-tool-call")).toContainText("http_request");
  await page.screenshot({ path: "test-results/screenshots/chat-approval.png" });
  await waiting.getByTestId("approve-call").click();
  await expect(chat.getByTestId("chat-answer")).toContainText('Health: {"status":200', { timeout: 30_000 });
});

test("switching agents mid-call winds the first down within 5 s and builds the next; the debug log shows both", async ({
  page,
  request,
}) => {
  const everything = {
    transport: "stdio",
    command: "node",
    args: [path.join(process.cwd(), "node_modules/@modelcontextprotocol/server-everything/dist/index.js"), "stdio"],
  };
  const slow = await request.post("/api/workflows", {
    data: {
      publish: true,
      name: "Slow researcher",
      nodes: [
        graphNode("Entry", "core.entry", 0, 0, {}),
        graphNode("Agent", "core.agent", 320, 0, {
          params: {
            provider: "scripted",
            script: { toolCalls: [{ tool: "wait", args: { seconds: 60 } }], finalText: "never" },
          },
        }),
        graphNode("Wait", "core.wait", 200, 260, { mode: "tool" }),
        graphNode("everything", "mcp.server", 440, 260, { mode: "tool", params: everything }),
      ],
      edges: [
        { id: "e1", source: "Entry", sourceHandle: "output", target: "Agent", targetHandle: "input" },
        { id: "e2", source: "Wait", sourceHandle: "tool", target: "Agent", targetHandle: "tools" },
        { id: "e3", source: "everything", sourceHandle: "tool", target: "Agent", targetHandle: "tools" },
      ],
    },
  });
  expect(slow.status()).toBe(201);
  const quick = await request.post("/api/workflows", {
    data: {
      publish: true,
      name: "Quick helper",
      nodes: [
        graphNode("Entry", "core.entry", 0, 0, {}),
        graphNode("Agent", "core.agent", 320, 0, {
          params: {
            provider: "scripted",
            memory: true,
            memoryWindow: 3,
            script: { toolCalls: [], finalText: "Quick answer to: {{input}}" },
          },
        }),
      ],
      edges: [{ id: "e1", source: "Entry", sourceHandle: "output", target: "Agent", targetHandle: "input" }],
    },
  });
  const slowId = ((await slow.json()) as { id: string }).id;

  await page.goto(`/workflows/${slowId}`);
  await page.getByTestId("open-chat").click();
  const chat = page.getByTestId("chat-panel");
  await chat.getByTestId("chat-debug-toggle").click();
  const log = chat.getByTestId("chat-debug-log");
  await chat.getByTestId("chat-input").fill("Take your time");
  await chat.getByTestId("chat-input").press("Enter");
  await expect(chat.getByTestId("chat-tool-call")).toContainText("wait…", { timeout: 30_000 });
  await expect(log).toContainText("MCP server everything spawned and its tools registered");
  await expect(log).toContainText("Tool call wait started");

  const switchedAt = Date.now();
  await chat.getByTestId("chat-agent").selectOption({ label: "Quick helper" });
  await expect(log).toContainText(
    "Switching to Quick helper: stopping the answer in progress (its tool calls get up to 5 s)",
  );
  await expect(log).toContainText("Stopping: waiting up to 5 s for 1 tool call (wait) to finish");
  const forced = log.locator('[data-testid="chat-debug-line"][data-level="warn"]', {
    hasText: "Teardown forced after 5 s: 1 tool call (wait) still running",
  });
  await expect(forced).toHaveCount(1, { timeout: 15_000 });
  await expect(log).toContainText(/everything closed: client closed, process group \d+ killed/);
  await expect(log).toContainText("Stopped; context torn down");
  expect(Date.now() - switchedAt).toBeLessThan(12_000);
  expect(Date.now() - switchedAt).toBeGreaterThanOrEqual(4_500);

  // The new agent: its own conversations, and its context built with the next message.
  await expect(chat.getByTestId("chat-turn")).toHaveCount(0);
  await chat.getByTestId("chat-input").fill("Are you there?");
  await chat.getByTestId("chat-input").press("Enter");
  await expect(chat.getByTestId("chat-answer")).toContainText("Quick answer to: Are you there?", { timeout: 30_000 });
  const runs = log.getByTestId("chat-debug-run");
  await expect(runs).toHaveCount(2);
  await expect(runs.nth(1)).toContainText("Quick helper");
  await expect(runs.nth(1)).toContainText("Memory loaded: 0 earlier turns of the conversation (window 3)");
  await expect(runs.nth(1)).toContainText("Answer complete; context torn down");
  await page.screenshot({ path: "test-results/screenshots/chat-switch-debug-log.png" });
  expect(quick.status()).toBe(201);
});
