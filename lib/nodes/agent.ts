/**
 * Agent: a model in a loop with the tools wired into its `tools` handle. It reaches those tools
 * only through the gateway, with a session token scoped to exactly the wired tool nodes.
 */
import { z } from "zod";
import { createSessionToken } from "../auth/session-token";
import { connectToGateway, type GatewayConnection } from "../agent/gateway-client";
import { createModel, ModelSettings } from "../agent/models";
import { runAgent } from "../agent/run-agent";
import { AgentScript } from "../agent/scripted-model";
import { appBaseUrl } from "../platform/app-url";
import type { ToolCallRecord } from "../runs/events";
import { defineComponent } from "./types";

const PROVIDERS = [
  { value: "scripted", label: "Scripted (deterministic test model)" },
  { value: "openai-compatible", label: "OpenAI-compatible (OpenAI, Ollama, vLLM, LM Studio)" },
];

export const agent = defineComponent({
  id: "core.agent",
  label: "Agent",
  category: "AI",
  icon: "bot",
  description: "A model that works in a loop, calling the tools wired into its tools handle until it can answer.",
  inputs: [{ name: "input", label: "Input", schema: { type: "string" } }],
  outputs: [
    { name: "text", label: "Answer" },
    { name: "toolCalls", label: "Tool calls" },
  ],
  acceptsTools: true,
  fields: [
    { name: "provider", label: "Model provider", kind: "select", options: PROVIDERS },
    {
      name: "script",
      label: "Script",
      kind: "json",
      help: 'Tool calls to make, then the answer: { "toolCalls": [{ "tool": "http_request", "args": { "url": "/api/health" } }], "finalText": "Got {{results.0}}" }',
      visibleWhen: { param: "provider", equals: "scripted" },
    },
    { name: "baseUrl", label: "Base URL", kind: "text", placeholder: "https://api.openai.com/v1", visibleWhen: { param: "provider", equals: "openai-compatible" } },
    { name: "model", label: "Model", kind: "text", placeholder: "gpt-4o-mini", visibleWhen: { param: "provider", equals: "openai-compatible" } },
    {
      name: "apiKeyEnv",
      label: "API key variable",
      kind: "text",
      placeholder: "OPENAI_API_KEY",
      help: "Name of the environment variable on the worker that holds the key. Leave empty for servers without keys.",
      visibleWhen: { param: "provider", equals: "openai-compatible" },
    },
    { name: "systemPrompt", label: "System prompt", kind: "textarea" },
    { name: "prompt", label: "Prompt", kind: "textarea", help: "{{input}} is replaced by what arrives on the Input handle." },
    { name: "maxIterations", label: "Max iterations", kind: "number", help: "Model calls before a final answer is forced." },
  ],
  params: z.object({
    provider: z.enum(["scripted", "openai-compatible"]).default("scripted"),
    script: AgentScript.default({ toolCalls: [], finalText: "You said: {{input}}" }),
    baseUrl: z.string().default("https://api.openai.com/v1"),
    model: z.string().default("gpt-4o-mini"),
    apiKeyEnv: z.string().default("OPENAI_API_KEY"),
    systemPrompt: z.string().default("You are a helpful assistant. Use the tools you have when they help you answer."),
    prompt: z.string().default("{{input}}"),
    maxIterations: z.number().int().min(1).max(100).default(10),
    input: z.unknown().optional(),
  }),
  async execute({ runId, nodeId, params, connectedToolNodeIds, emit, signal }) {
    const settings = ModelSettings.parse(params.provider === "scripted" ? { provider: "scripted", script: params.script } : params);
    const model = createModel(settings);
    const input = typeof params.input === "string" ? params.input : JSON.stringify(params.input ?? "");
    const prompt = params.prompt.replace(/\{\{\s*input\s*\}\}/g, input);

    const toolCalls: ToolCallRecord[] = [];
    let iteration = 1;
    let gateway: GatewayConnection | undefined;
    if (connectedToolNodeIds.length > 0) {
      const token = await createSessionToken({ runId, agentNodeId: nodeId, allowedNodeIds: connectedToolNodeIds });
      gateway = await connectToGateway(`${appBaseUrl()}/api/mcp/gateway`, token, {
        onStart: (call) => emit({ type: "tool.call.started", payload: { nodeId, ...call, iteration } }),
        onFinish: async (call) => {
          const record = { ...call, iteration };
          toolCalls.push(record);
          await emit({ type: "tool.call.completed", payload: { nodeId, ...record } });
        },
      });
    }
    try {
      const result = await runAgent({
        model,
        system: params.systemPrompt,
        prompt,
        tools: gateway?.tools ?? {},
        maxIterations: params.maxIterations,
        abortSignal: signal,
        onStep: async (step) => {
          iteration = step.iteration + 1;
          await emit({
            type: "agent.step",
            payload: { nodeId, iteration: step.iteration, text: step.text, toolCalls: step.toolCalls, finishReason: step.finishReason },
          });
        },
      });
      await emit({ type: "llm.usage", payload: { nodeId, ...result.usage } });
      return { text: result.text, toolCalls, iterations: result.iterations, usage: result.usage };
    } finally {
      await gateway?.close();
    }
  },
});
