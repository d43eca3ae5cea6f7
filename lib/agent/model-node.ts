/**
 * What the model nodes (Agent, LLM) share: their settings (model, prompts, tool access) and
 * running with the model and the wired tools, closing the gateway connection and keeping the
 * API key out of any error they report.
 */
import type { LanguageModel } from "ai";
import { z } from "zod";
import type { ExecuteContext, ParamField } from "../nodes/types";
import { redactSecrets } from "../secrets/resolve";
import { modelFields, modelFromParams, modelParams, startingModelParams } from "./model-params";
import { connectNodeTools, type NodeTools } from "./node-tools";
import { toolAccess, toolAccessFields, toolAccessParams } from "./tool-access-params";
import { memoryFields, memoryParams } from "./memory-params";
import { resumedConversation, type ResumedConversation } from "./resumed-conversation";
import { hasOutputSchema, OUTPUT_SCHEMA_PARAM } from "./output-schema";
import { answerFormat, type AnswerFormat } from "./structured-answer";

const PROMPT_HELP = "{{input}} is what arrives on the Input handle; {{node.port}} takes a value from an earlier node.";

/**
 * What the Agent and the LLM declare alike: a tools handle, a real model when dropped in the editor, and
 * outputs for their output schema's fields. Their own work, model calls, is harmless to repeat; whether the
 * whole node is depends on its wired tools (lib/runs/repeat-safety.ts). Resumed, it goes on from its recorded
 * steps and completed calls.
 */
export const modelNodeTraits = {
  schemaOutputsParam: OUTPUT_SCHEMA_PARAM,
  acceptsTools: true,
  startingParams: startingModelParams,
  harmlessToRepeat: true,
  resumableFromRecords: true,
} as const;

/** Inspector fields: the model, the prompts, the node's own fields, then which tools it may use. */
export const modelNodeFields = (ownFields: ParamField[] = []): ParamField[] => [
  ...modelFields,
  { name: "systemPrompt", label: "System prompt", kind: "prompt" },
  { name: "prompt", label: "Prompt", kind: "template", help: PROMPT_HELP },
  {
    name: OUTPUT_SCHEMA_PARAM,
    label: "Output schema",
    kind: "output-schema",
    help:
      "Ask for a JSON object instead of free text: its fields become the node's outputs ({{node.field}}). The " +
      "answer is checked, asked for once more if it does not match, and the node fails naming what did not.",
  },
  ...ownFields,
  ...memoryFields,
  ...toolAccessFields,
];

export const modelNodeParams = (defaultSystemPrompt: string) => ({
  ...modelParams,
  systemPrompt: z.string().default(defaultSystemPrompt),
  prompt: z.string().default("{{input}}"),
  /** A JSON Schema of the answer (structured output); checked by the compiler (output-schema.ts). */
  [OUTPUT_SCHEMA_PARAM]: z.record(z.string(), z.unknown()).optional(),
  ...memoryParams,
  ...toolAccessParams,
  input: z.unknown().optional(),
});

type ModelNodeParams = z.infer<z.ZodObject<ReturnType<typeof modelNodeParams>>>;

/**
 * What a model node works with: its model, its tools, its answer format (with an output schema) and,
 * resumed after its worker died, its recorded steps.
 */
export type ModelSession = {
  model: LanguageModel;
  tools: NodeTools;
  answer?: AnswerFormat;
  resume?: ResumedConversation;
};

export async function withModelAndTools<P extends ModelNodeParams, T>(
  ctx: ExecuteContext<P>,
  use: (session: ModelSession) => Promise<T>,
): Promise<T> {
  const { model, secretValues } = await modelFromParams(ctx.params, ctx.outboundSecrets);
  const tools = await connectNodeTools(ctx, toolAccess(ctx.params));
  try {
    const answer = answerFormatOf(ctx.params);
    return await use({ model, tools, answer, resume: await recordedConversation(ctx, tools) });
  } catch (error) {
    throw new Error(redactSecrets(error instanceof Error ? error.message : String(error), secretValues));
  } finally {
    await tools.close();
  }
}

/** The node's answer format when it has an output schema (structured output), else none: a free-text answer. */
const answerFormatOf = (params: { outputSchema?: Record<string, unknown> }): AnswerFormat | undefined =>
  hasOutputSchema(params.outputSchema) ? answerFormat(params.outputSchema!) : undefined;

/** What a model node resumed after its worker died goes on from: its recorded steps, if it recorded any. */
async function recordedConversation(
  ctx: Pick<ExecuteContext<unknown>, "checkpoints" | "nodeId">,
  tools: NodeTools,
): Promise<ResumedConversation | undefined> {
  const recorded = await ctx.checkpoints?.loadConversation();
  return recorded && resumedConversation(recorded, ctx.nodeId, tools.log);
}
