/**
 * What the model nodes (Agent, LLM) share: their settings (model, prompts, tool access) and
 * running with the model and the wired tools, closing the gateway connection and keeping the
 * API key out of any error they report.
 */
import type { LanguageModel } from "ai";
import { z } from "zod";
import type { ExecuteContext, ParamField } from "../nodes/types";
import { redactSecrets } from "../secrets/resolve";
import { modelFields, modelFromParams, modelParams } from "./model-params";
import { connectNodeTools, type NodeTools } from "./node-tools";
import { toolAccess, toolAccessFields, toolAccessParams } from "./tool-access-params";
import { memoryFields, memoryParams } from "./memory-params";
import { resumedConversation, type ResumedConversation } from "./resumed-conversation";

const PROMPT_HELP = "{{input}} is what arrives on the Input handle; {{node.port}} takes a value from an earlier node.";

/** Inspector fields: the model, the prompts, the node's own fields, then which tools it may use. */
export const modelNodeFields = (ownFields: ParamField[] = []): ParamField[] => [
  ...modelFields,
  { name: "systemPrompt", label: "System prompt", kind: "prompt" },
  { name: "prompt", label: "Prompt", kind: "template", help: PROMPT_HELP },
  ...ownFields,
  ...memoryFields,
  ...toolAccessFields,
];

export const modelNodeParams = (defaultSystemPrompt: string) => ({
  ...modelParams,
  systemPrompt: z.string().default(defaultSystemPrompt),
  prompt: z.string().default("{{input}}"),
  ...memoryParams,
  ...toolAccessParams,
  input: z.unknown().optional(),
});

type ModelNodeParams = z.infer<z.ZodObject<ReturnType<typeof modelNodeParams>>>;

export async function withModelAndTools<P extends ModelNodeParams, T>(
  ctx: ExecuteContext<P>,
  use: (model: LanguageModel, tools: NodeTools) => Promise<T>,
): Promise<T> {
  const { model, secretValues } = await modelFromParams(ctx.params, ctx.outboundSecrets);
  const tools = await connectNodeTools(ctx, toolAccess(ctx.params));
  try {
    return await use(model, tools);
  } catch (error) {
    throw new Error(redactSecrets(error instanceof Error ? error.message : String(error), secretValues));
  } finally {
    await tools.close();
  }
}

/** What a model node resumed after its worker died goes on from: its recorded steps, if it recorded any. */
export async function recordedConversation(
  ctx: Pick<ExecuteContext<unknown>, "checkpoints" | "nodeId">,
  tools: NodeTools,
): Promise<ResumedConversation | undefined> {
  const recorded = await ctx.checkpoints?.loadConversation();
  return recorded && resumedConversation(recorded, ctx.nodeId, tools.log);
}
