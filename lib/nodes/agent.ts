/**
 * Agent (level 3 of tool use): a model in a loop with the tools wired into its `tools` handle,
 * reached only through the gateway with a session token scoped to those tools, its allow-list
 * and its aliases. Every step and tool call streams to the run view; its output says why the loop
 * stopped (answered, or forced by its iteration limit or token budget). With an output schema its
 * final answer is an object whose fields are outputs of their own.
 */
import { z } from "zod";
import { modelNodeFields, modelNodeParams, modelNodeTraits, withModelAndTools } from "../agent/model-node";
import { answerOutputs } from "../agent/structured-answer";
import { createTextStreamer } from "../runs/text-streamer";
import { rememberedTurns } from "../agent/memory-params";
import { runAgent } from "../agent/run-agent";
import { modelWarningLog } from "../agent/model-warnings";
import { AGENT_STOP_REASONS } from "../agent/stop-reason";
import { defineComponent } from "./types";

export const agent = defineComponent({
  id: "core.agent",
  label: "Agent",
  category: "AI",
  icon: "bot",
  description: "A model that works in a loop, calling the tools wired into its tools handle until it can answer.",
  inputs: [{ name: "input", label: "Input", schema: { type: "string" } }],
  outputs: [
    { name: "text", label: "Answer", schema: { type: "string" } },
    { name: "toolCalls", label: "Tool calls", schema: { type: "array" } },
    { name: "iterations", label: "Iterations" },
    { name: "usage", label: "Token usage" },
    { name: "stopReason", label: "Stopped because", schema: { type: "string", enum: [...AGENT_STOP_REASONS] } },
  ],
  ...modelNodeTraits,
  fields: modelNodeFields([
    {
      name: "maxIterations",
      label: "Max iterations",
      kind: "number",
      help: "Model calls with tools before a final answer is forced.",
    },
    {
      name: "tokenBudget",
      label: "Token budget",
      kind: "number",
      placeholder: "No limit",
      help:
        "Input + output tokens of all its model calls; once they pass it, the agent stops calling tools and " +
        "answers. Empty or 0: no limit.",
    },
  ]),
  params: z.object({
    ...modelNodeParams("You are a helpful assistant. Use the tools you have when they help you answer."),
    maxIterations: z.number().int().min(1).max(100).default(10),
    tokenBudget: z.number().int().min(0).default(0),
  }),
  execute: (ctx) =>
    withModelAndTools(ctx, async ({ model, tools, answer, resume }) => {
      const { nodeId, params, emit, note, signal } = ctx;
      let streamed = createTextStreamer(note, nodeId, 1, ctx.secrets);
      const result = await runAgent({
        model,
        system: params.systemPrompt,
        history: await rememberedTurns(params, ctx),
        prompt: params.prompt,
        tools: tools.tools,
        maxIterations: params.maxIterations,
        tokenBudget: params.tokenBudget,
        abortSignal: signal,
        resume,
        answer,
        onIterationStart: (iteration) => {
          tools.setIteration(iteration);
          streamed = createTextStreamer(note, nodeId, iteration, ctx.secrets);
        },
        onText: (_iteration, delta) => streamed.push(delta),
        onUnknownTool: tools.reportUnknown,
        onWarnings: modelWarningLog(note, nodeId),
        onStep: async (step) => {
          streamed.end(); // the streamed text goes before the step that completes it
          const event = {
            type: "agent.step" as const,
            payload: {
              nodeId,
              iteration: step.iteration,
              text: step.text,
              toolCalls: step.toolCalls,
              finishReason: step.finishReason,
              messages: step.messages,
              usage: step.usage,
              ...(step.stopReason ? { stopReason: step.stopReason } : {}),
            },
          };
          // The last step (no tool calls follow) goes with the node's end, in the same write. A step
          // that asked for tool calls is stored before they run: a resume goes on from it (a failed
          // write fails the node).
          if (step.toolCalls === 0 || step.stopReason) return note(event);
          await emit(event);
        },
      });
      note({
        type: "llm.usage",
        payload: { nodeId, ...result.usage, ...(params.tokenBudget > 0 ? { tokenBudget: params.tokenBudget } : {}) },
      });
      return {
        text: result.text,
        toolCalls: tools.log,
        iterations: result.iterations,
        usage: result.usage,
        stopReason: result.stopReason,
        ...answerOutputs(result.object),
      };
    }),
});
