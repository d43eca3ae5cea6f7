/**
 * A model API key whose secret lists allowed hosts goes to no other: an Agent pointed at a real
 * OpenAI-compatible server on a host the secret does not allow fails, naming the secret and the
 * host, and the server never sees the key; on an allowed host the same run answers. Also the
 * Anthropic provider, and an LLM node.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { secretRef } from "../secrets/secret-ref";
import { putSecret } from "../secrets/secret-store";
import { startFakeAnthropicMessages } from "../testing/fake-anthropic-messages";
import { startFakeChatCompletions } from "../testing/fake-chat-completions";
import { startFakeGemini } from "../testing/fake-gemini";
import { graphEdge, graphNode } from "../testing/fixtures";
import { runWorkflowToEnd } from "../testing/run-workflow";
import { startTestStack, type TestStack } from "../testing/test-stack";
import type { WorkflowGraph } from "../workflow/graph";

const KEY = "sk-model-key-51c0ffee77aa";
let stack: TestStack;
const workflowIds: string[] = [];

beforeAll(async () => {
  stack = await startTestStack();
  await putSecret("MODEL_KEY_OPENAI_ONLY", KEY, ["api.openai.com"]);
  await putSecret("MODEL_KEY_LOOPBACK", KEY, ["127.0.0.1"]);
  await putSecret("MODEL_KEY_ANTHROPIC_ONLY", KEY, ["api.anthropic.com"]);
  await putSecret("MODEL_KEY_GEMINI_ONLY", KEY, ["generativelanguage.googleapis.com"]);
});
afterAll(async () => {
  await getDb().secret.deleteMany({
    where: {
      name: {
        in: ["MODEL_KEY_OPENAI_ONLY", "MODEL_KEY_LOOPBACK", "MODEL_KEY_ANTHROPIC_ONLY", "MODEL_KEY_GEMINI_ONLY"],
      },
    },
  });
  await getDb().workflow.deleteMany({ where: { id: { in: workflowIds } } });
  await stack.close();
});

const modelGraph = (type: "core.agent" | "core.llm", params: Record<string, unknown>): WorkflowGraph => ({
  nodes: [graphNode("entry", "core.entry"), graphNode("model", type, { label: "Model", params })],
  edges: [graphEdge("entry", "output", "model", "input")],
});

async function run(graph: WorkflowGraph) {
  const { runId, result } = await runWorkflowToEnd(stack, graph, "hello");
  workflowIds.push(
    (await getDb().run.findUniqueOrThrow({ where: { id: runId }, select: { workflowId: true } })).workflowId,
  );
  return result;
}

/** Runs `use` against a fake model server, closing it afterwards. */
async function against<S extends { close: () => void }>(server: S, use: (server: S) => Promise<void>) {
  try {
    await use(server);
  } finally {
    server.close();
  }
}

describe("a model key's allowed hosts", () => {
  it("refuses a base URL on another host, naming the secret and the host; the server never sees the key", async () => {
    await against(await startFakeChatCompletions([{ text: "should not be asked" }]), async (server) => {
      for (const type of ["core.agent", "core.llm"] as const) {
        const result = await run(
          modelGraph(type, {
            provider: "openai-compatible",
            baseUrl: server.baseUrl,
            model: "gpt-test",
            apiKey: secretRef("MODEL_KEY_OPENAI_ONLY"),
          }),
        );
        expect(result.status, type).toBe("failed");
        expect(result.error, type).toContain(
          'secret "MODEL_KEY_OPENAI_ONLY" may only be sent to api.openai.com, not to 127.0.0.1',
        );
      }
      expect(server.received).toEqual([]);
    });
  }, 60_000);

  it("sends the key to a host the secret allows", async () => {
    await against(await startFakeChatCompletions([{ text: "hi from the allowed host" }]), async (server) => {
      const result = await run(
        modelGraph("core.agent", {
          provider: "openai-compatible",
          baseUrl: server.baseUrl,
          model: "gpt-test",
          apiKey: secretRef("MODEL_KEY_LOOPBACK"),
        }),
      );
      expect(result.status, result.error ?? "").toBe("completed");
      expect(result.output).toMatchObject({ text: "hi from the allowed host" });
      expect(server.received.map((request) => request.authorization)).toEqual([`Bearer ${KEY}`]);
    });
  }, 30_000);

  it("binds an Anthropic key the same way", async () => {
    await against(await startFakeAnthropicMessages([{ text: "should not be asked" }]), async (server) => {
      const result = await run(
        modelGraph("core.agent", {
          provider: "anthropic",
          anthropicBaseUrl: server.baseUrl,
          model: "claude-test",
          apiKey: secretRef("MODEL_KEY_ANTHROPIC_ONLY"),
        }),
      );
      expect(result.status).toBe("failed");
      expect(result.error).toContain(
        'secret "MODEL_KEY_ANTHROPIC_ONLY" may only be sent to api.anthropic.com, not to 127.0.0.1',
      );
      expect(server.received).toEqual([]);
    });
  }, 30_000);

  it("binds a Gemini key the same way, and a loopback key reaches the Gemini server in a whole run", async () => {
    await against(await startFakeGemini([{ text: "hi from Gemini" }]), async (server) => {
      const params = { provider: "google", googleBaseUrl: server.baseUrl, model: "gemini-test" };
      const refused = await run(modelGraph("core.llm", { ...params, apiKey: secretRef("MODEL_KEY_GEMINI_ONLY") }));
      expect(refused.error).toContain(
        'secret "MODEL_KEY_GEMINI_ONLY" may only be sent to generativelanguage.googleapis.com, not to 127.0.0.1',
      );
      expect(server.received).toEqual([]);
      const allowed = await run(modelGraph("core.agent", { ...params, apiKey: secretRef("MODEL_KEY_LOOPBACK") }));
      expect(allowed.status, allowed.error ?? "").toBe("completed");
      expect(allowed.output).toMatchObject({ text: "hi from Gemini" });
      expect(server.received.map((request) => request.headers["x-goog-api-key"])).toEqual([KEY]);
    });
  }, 30_000);
});
