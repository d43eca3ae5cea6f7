/**
 * Chatting with a workflow through the real API, worker and OpenAI-compatible client (against a
 * real HTTP server speaking chat completions): each message is a run, the conversation keeps its
 * turns and answers, and an Agent with memory sends only the last `memoryWindow` turns.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeChatCompletions } from "../testing/fake-chat-completions";
import { graphEdge, graphNode } from "../testing/fixtures";
import { startTestStack, type TestStack } from "../testing/test-stack";
import { waitForRun } from "../testing/wait-for-run";
import type { ConversationView } from "./conversations";

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack.close();
});

async function call<T>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const response = await stack.fetch(path, { method, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
  return { status: response.status, body: response.status === 204 ? (undefined as T) : ((await response.json()) as T) };
}

describe("chat", () => {
  it("sends the last two turns with the fourth message when the Agent remembers two, and keeps every turn's answer", async () => {
    const llm = await startFakeChatCompletions([1, 2, 3, 4].map((n) => ({ text: `answer ${n}` })));
    try {
      const agentParams = {
        provider: "openai-compatible",
        baseUrl: llm.baseUrl,
        model: "gpt-test",
        systemPrompt: "",
        memory: true,
        memoryWindow: 2,
      };
      const workflow = await call<{ id: string }>("POST", "/api/workflows", {
        name: "chat memory",
        nodes: [graphNode("entry", "core.entry"), graphNode("agent", "core.agent", { params: agentParams })],
        edges: [graphEdge("entry", "output", "agent", "input")],
      });
      const conversation = await call<{ id: string; title: string }>(
        "POST",
        `/api/workflows/${workflow.body.id}/conversations`,
        {},
      );
      expect(conversation.status).toBe(201);
      for (const n of [1, 2, 3, 4]) {
        const sent = await call<{ runId: string }>("POST", `/api/conversations/${conversation.body.id}/messages`, {
          text: `message ${n}`,
        });
        expect(sent.status).toBe(201);
        expect((await waitForRun(stack, sent.body.runId)).status).toBe("completed");
      }

      const messagesOf = (request: number) =>
        llm.received[request].body.messages.map((message) => `${message.role}: ${String(message.content)}`);
      expect(messagesOf(0)).toEqual(["user: message 1"]);
      expect(messagesOf(3)).toEqual([
        "user: message 2",
        "assistant: answer 2",
        "user: message 3",
        "assistant: answer 3",
        "user: message 4",
      ]);

      const view = await call<ConversationView>("GET", `/api/conversations/${conversation.body.id}`);
      expect(view.body.title).toBe("message 1");
      expect(view.body.turns.map((turn) => [turn.message, turn.status, turn.answer])).toEqual(
        [1, 2, 3, 4].map((n) => [`message ${n}`, "completed", `answer ${n}`]),
      );
      const listed = await call<{ conversations: { id: string }[] }>(
        "GET",
        `/api/workflows/${workflow.body.id}/conversations`,
      );
      expect(listed.body.conversations.map((c) => c.id)).toContain(conversation.body.id);
    } finally {
      llm.close();
    }
  });

  it("renames and deletes a conversation, and says what is wrong with a bad request", async () => {
    const workflow = await call<{ id: string }>("POST", "/api/workflows", {
      name: "chat crud",
      nodes: [graphNode("entry", "core.entry")],
      edges: [],
    });
    const { body: created } = await call<{ id: string }>("POST", `/api/workflows/${workflow.body.id}/conversations`, {
      title: "Planning",
    });
    expect(
      (await call<{ title: string }>("PATCH", `/api/conversations/${created.id}`, { title: "Plans for May" })).body
        .title,
    ).toBe("Plans for May");
    const empty = await call<{ error: { message: string } }>("POST", `/api/conversations/${created.id}/messages`, {
      text: "  ",
    });
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.body)).toContain("text: the message is empty");
    expect((await call("DELETE", `/api/conversations/${created.id}`)).status).toBe(204);
    expect((await call("GET", `/api/conversations/${created.id}`)).status).toBe(404);
    expect((await call("POST", `/api/workflows/no-such-workflow/conversations`, {})).status).toBe(404);
  });
});
