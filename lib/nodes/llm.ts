/**
 * LLM (level 2 of tool use): one model call. The model may call the wired tools once; their
 * results are appended to the answer. There is no loop: nothing goes back to the model.
 */
import { z } from "zod";
import { modelNodeFields, modelNodeParams, withModelAndTools } from "../agent/model-node";
import { startingModelParams } from "../agent/model-params";
import { toUsage } from "../agent/run-agent";
import { toTranscript } from "../runs/transcript";
import { streamModelCall } from "../agent/stream-model-call";
import { modelWarningLog } from "../agent/model-warnings";
import { createTextStreamer } from "../runs/text-streamer";
import { rememberedTurns } from "../agent/memory-params";
import { defineComponent } from "./types";

const asText = (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value));

export const llm = defineComponent({
  id: "core.llm",
  label: "LLM",
  category: "AI",
  icon: "sparkles",
  description: "One model call. It may call the wired tools once; their results are appended to its answer.",
  inputs: [{ name: "input", label: "Input", schema: { type: "string" } }],
  outputs: [
    { name: "text", label: "Answer", schema: { type: "string" } },
    { name: "toolCalls", label: "Tool calls", schema: { type: "array" } },
    { name: "usage", label: "Token usage" },
  ],
  acceptsTools: true,
  startingParams: startingModelParams,
  fields: modelNodeFields(),
  params: z.object(modelNodeParams("")),
  retrySafe: true,
  execute: (ctx) =>
    withModelAndTools(ctx, async (model, tools) => {
      const { nodeId, params, note, signal } = ctx;
      const hasTools = tools.toolNames.length > 0;
      const streamed = createTextStreamer(note, nodeId, 1, ctx.secrets);
      const prompt = { role: "user" as const, content: params.prompt };
      const history = await rememberedTurns(params, ctx);
      const result = await streamModelCall(
        {
          model,
          system: params.systemPrompt || undefined,
          messages: [...history, prompt],
          tools: hasTools ? tools.tools : undefined,
          abortSignal: signal,
          onUnknownTool: hasTools ? tools.reportUnknown : undefined,
        },
        streamed.push,
      );
      streamed.end();
      modelWarningLog(note, nodeId)(result.warnings);
      const usage = toUsage(result.usage);
      const messages = toTranscript(
        [...history, prompt, ...result.response.messages],
        params.systemPrompt || undefined,
      );
      // Noted, not awaited: they ride with the node's end (nothing after the model call needs them stored first).
      note({
        type: "agent.step",
        payload: {
          nodeId,
          iteration: 1,
          text: result.text,
          toolCalls: result.toolCalls.length,
          finishReason: result.finishReason,
          messages,
        },
      });
      note({ type: "llm.usage", payload: { nodeId, ...usage } });
      const results = tools.log.map(
        (call) => `${call.toolName}${call.isError ? " (error)" : ""}: ${asText(call.result)}`,
      );
      const text = [result.text, ...results].filter(Boolean).join("\n\n");
      return { text, toolCalls: tools.log, usage };
    }),
});
