/**
 * Agent (level 3 of tool use): a model in a loop with the tools wired into its `tools` handle,
 * reached only through the gateway with a session token scoped to those tools, its allow-list
 * and its aliases. Every step and tool call streams to the run view.
 */
import { z } from "zod";
import { modelFields, modelFromParams, modelParams } from "../agent/model-params";
import { connectNodeTools } from "../agent/node-tools";
import { runAgent } from "../agent/run-agent";
import { toolAccess, toolAccessFields, toolAccessParams } from "../agent/tool-access-params";
import { redactSecrets } from "../secrets/resolve";
import { defineComponent } from "./types";

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
    { name: "iterations", label: "Iterations" },
    { name: "usage", label: "Token usage" },
  ],
  acceptsTools: true,
  fields: [
    ...modelFields,
    { name: "systemPrompt", label: "System prompt", kind: "prompt" },
    {
      name: "prompt",
      label: "Prompt",
      kind: "template",
      help: "{{input}} is what arrives on the Input handle; {{node.port}} takes a value from an earlier node.",
    },
    { name: "maxIterations", label: "Max iterations", kind: "number", help: "Model calls with tools before a final answer is forced." },
    ...toolAccessFields,
  ],
  params: z.object({
    ...modelParams,
    systemPrompt: z.string().default("You are a helpful assistant. Use the tools you have when they help you answer."),
    prompt: z.string().default("{{input}}"),
    maxIterations: z.number().int().min(1).max(100).default(10),
    ...toolAccessParams,
    input: z.unknown().optional(),
  }),
  async execute(ctx) {
    const { nodeId, params, emit, signal } = ctx;
    const { model, secretValues } = await modelFromParams(params);
    const tools = await connectNodeTools(ctx, toolAccess(params));
    try {
      const result = await runAgent({
        model,
        system: params.systemPrompt,
        prompt: params.prompt,
        tools: tools.tools,
        maxIterations: params.maxIterations,
        abortSignal: signal,
        onIterationStart: tools.setIteration,
        onStep: (step) =>
          emit({
            type: "agent.step",
            payload: { nodeId, iteration: step.iteration, text: step.text, toolCalls: step.toolCalls, finishReason: step.finishReason },
          }),
      });
      await emit({ type: "llm.usage", payload: { nodeId, ...result.usage } });
      return { text: result.text, toolCalls: tools.log, iterations: result.iterations, usage: result.usage };
    } catch (error) {
      throw new Error(redactSecrets(error instanceof Error ? error.message : String(error), secretValues));
    } finally {
      await tools.close();
    }
  },
});
