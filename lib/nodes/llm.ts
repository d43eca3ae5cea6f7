/**
 * LLM (level 2 of tool use): one model call. The model may call the wired tools once; their
 * results are appended to the answer. There is no loop: nothing goes back to the model — except
 * with an output schema, where an answer that does not match (or tool calls instead of one) is
 * asked for once more, with the tools' results and what did not match.
 */
import { z } from "zod";
import { modelNodeFields, modelNodeParams, modelNodeTraits, withModelAndTools } from "../agent/model-node";
import { answerOutputs, settleAnswer, type AnswerFormat } from "../agent/structured-answer";
import type { LanguageModel, ModelMessage } from "ai";
import { addUsage, toUsage } from "../agent/run-agent";
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
  ...modelNodeTraits,
  fields: modelNodeFields(),
  params,
  execute: (ctx) =>
    withModelAndTools(ctx, async ({ model, tools, answer, resume: resumed }) => {
      const { nodeId, params, note, signal } = ctx;
      const prompt = { role: "user" as const, content: params.prompt };
      const messages: ModelMessage[] = [...(await rememberedTurns(params, ctx)), prompt];
      /** Step N: replayed when recorded before the worker died (the model is not called again), else called. */
      const takeStep = async (iteration: number, final: boolean) => {
        const recorded = resumed?.steps[iteration - 1];
        const step = recorded
          ? { ...recorded, reply: recorded.assistant }
          : await callModel(ctx, { model, tools, messages, iteration, final, answer });
        messages.push(...step.reply);
        return step;
      };
      const step = await takeStep(1, false);
      const results = await runToolRound(step.calls, tools.tools, {
        messages,
        abortSignal: signal,
        settle: resumed?.steps[0]?.settle,
      });
      let usage = step.usage;
      if (answer) {
        if (results) messages.push(results);
        let text = step.text;
        const object = await settleAnswer(answer, text, async (correction) => {
          messages.push(correction);
          const again = await takeStep(2, true);
          usage = addUsage(usage, again.usage);
          return (text = again.text);
        });
        note({ type: "llm.usage", payload: { nodeId, ...usage } });
        return { text, toolCalls: tools.log, usage, ...answerOutputs(object) };
      }
      note({ type: "llm.usage", payload: { nodeId, ...usage } });
      const appended = tools.log.map(
        (call) => `${call.toolName}${call.isError ? " (error)" : ""}: ${asText(call.result)}`,
      );
      const text = [step.text, ...appended].filter(Boolean).join("\n\n");
      return { text, toolCalls: tools.log, usage };
    }),
});

type ModelCallRequest = {
  model: LanguageModel;
  tools: NodeTools;
  messages: ModelMessage[];
  iteration: number;
  /** Asking a structured answer again: the tools are described but not callable. */
  final: boolean;
  answer?: AnswerFormat;
};

/**
 * One model call of the node, recorded before the tool calls it asked for run (stored then, so a
 * resume goes on from it). Its record holds the messages new since the last step.
 */
async function callModel(ctx: LlmContext, { model, tools, messages, iteration, final, answer }: ModelCallRequest) {
  const { nodeId, params, note, signal } = ctx;
  const hasTools = tools.toolNames.length > 0;
  const streamed = createTextStreamer(note, nodeId, iteration, ctx.secrets);
  const result = await streamModelCall(
    {
      model,
      system: params.systemPrompt || undefined,
      messages,
      tools: hasTools ? describeOnly(tools.tools) : undefined,
      toolChoice: final && hasTools ? "none" : undefined,
      output: answer?.output,
      abortSignal: signal,
      onUnknownTool: hasTools ? tools.reportUnknown : undefined,
    },
    streamed.push,
  );
  streamed.end();
  modelWarningLog(note, nodeId)(result.warnings);
  const usage = toUsage(result.usage);
  const calls = final ? [] : requestedCalls(result.toolCalls);
  const newSince = iteration === 1 ? 0 : messages.findLastIndex((message) => message.role === "assistant") + 1;
  const event = {
    type: "agent.step" as const,
    payload: {
      nodeId,
      iteration,
      text: result.text,
      toolCalls: result.toolCalls.length,
      finishReason: result.finishReason,
      messages: toTranscript(
        [...messages.slice(newSince), ...result.response.messages],
        iteration === 1 ? params.systemPrompt || undefined : undefined,
      ),
      usage,
    },
  };
  // With no tool calls to follow it rides with the node's end; otherwise it is stored before they run.
  if (calls.length === 0) note(event);
  else await ctx.emit(event);
  return { text: result.text, reply: result.response.messages, calls, usage };
}
