/**
 * LLM (level 2 of tool use): one model call. The model may call the wired tools once; their
 * results are appended to the answer. There is no loop: nothing goes back to the model.
 */
import { z } from "zod";
import { modelNodeFields, modelNodeParams, recordedConversation, withModelAndTools } from "../agent/model-node";
import { startingModelParams } from "../agent/model-params";
import type { LanguageModel, ModelMessage } from "ai";
import { toUsage } from "../agent/run-agent";
import type { NodeTools } from "../agent/node-tools";
import { describeOnly, requestedCalls, runToolRound } from "../agent/tool-round";
import { toTranscript } from "../runs/transcript";
import { streamModelCall } from "../agent/stream-model-call";
import { modelWarningLog } from "../agent/model-warnings";
import { createTextStreamer } from "../runs/text-streamer";
import { rememberedTurns } from "../agent/memory-params";
import { defineComponent, type ExecuteContext } from "./types";

const asText = (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value));

const params = z.object(modelNodeParams(""));
type LlmContext = ExecuteContext<z.infer<typeof params>>;

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
  params,
  // As the Agent: its model call is harmless to repeat, its wired tools decide the rest; resumed, it
  // reuses its recorded step.
  harmlessToRepeat: true,
  resumableFromRecords: true,
  execute: (ctx) =>
    withModelAndTools(ctx, async (model, tools) => {
      const { nodeId, params, note, signal } = ctx;
      const prompt = { role: "user" as const, content: params.prompt };
      const messages: ModelMessage[] = [...(await rememberedTurns(params, ctx)), prompt];
      const resumed = await recordedConversation(ctx, tools);
      const recorded = resumed?.steps[0];
      // Resumed after its worker died with its model call recorded: the model is not called again.
      const step = recorded
        ? { ...recorded, reply: recorded.assistant, toolCallCount: recorded.toolCallCount }
        : await callModel(ctx, model, tools, messages);
      messages.push(...step.reply);
      await runToolRound(step.calls, tools.tools, {
        messages,
        abortSignal: signal,
        settle: recorded?.settle,
      });
      note({ type: "llm.usage", payload: { nodeId, ...step.usage } });
      const appended = tools.log.map(
        (call) => `${call.toolName}${call.isError ? " (error)" : ""}: ${asText(call.result)}`,
      );
      const text = [step.text, ...appended].filter(Boolean).join("\n\n");
      return { text, toolCalls: tools.log, usage: step.usage };
    }),
});

/**
 * The node's one model call, recorded before the tool calls it asked for run (stored then, so a
 * resume goes on from it).
 */
async function callModel(ctx: LlmContext, model: LanguageModel, tools: NodeTools, messages: ModelMessage[]) {
  const { nodeId, params, note, signal } = ctx;
  const hasTools = tools.toolNames.length > 0;
  const streamed = createTextStreamer(note, nodeId, 1, ctx.secrets);
  const result = await streamModelCall(
    {
      model,
      system: params.systemPrompt || undefined,
      messages,
      tools: hasTools ? describeOnly(tools.tools) : undefined,
      abortSignal: signal,
      onUnknownTool: hasTools ? tools.reportUnknown : undefined,
    },
    streamed.push,
  );
  streamed.end();
  modelWarningLog(note, nodeId)(result.warnings);
  const usage = toUsage(result.usage);
  const calls = requestedCalls(result.toolCalls);
  const event = {
    type: "agent.step" as const,
    payload: {
      nodeId,
      iteration: 1,
      text: result.text,
      toolCalls: result.toolCalls.length,
      finishReason: result.finishReason,
      messages: toTranscript([...messages, ...result.response.messages], params.systemPrompt || undefined),
      usage,
    },
  };
  // With no tool calls to follow it rides with the node's end; otherwise it is stored before they run.
  if (calls.length === 0) note(event);
  else await ctx.emit(event);
  return { text: result.text, reply: result.response.messages, calls, usage };
}
