/**
 * The LLM judge's model call: its settings are an Agent's model params (provider, model, base URL, the API key as a
 * secret reference resolved here in the worker), built by the agents' own provider code, and its answer comes through
 * structured output (the agents' answer format: JSON Schema, checked with Ajv).
 */
import { generateText } from "ai";
import { z } from "zod";
import { answerFormat } from "../agent/structured-answer";
import { modelFromParams, modelParams } from "../agent/model-params";
import { describeIssues } from "../validation/describe-issues";
import { JUDGE_ANSWER_SCHEMA } from "./evaluators/llm-judge";
import type { AskJudge } from "./evaluators/types";

const JudgeModelParams = z.object(modelParams);
const format = answerFormat(JUDGE_ANSWER_SCHEMA);
const JUDGE_TIMEOUT_MS = 120_000;

/** The judge's model settings checked, or what is wrong with them (for a 400 when an evaluation is started). */
export function judgeModelProblem(settings: Record<string, unknown>): string | undefined {
  const parsed = JudgeModelParams.safeParse(settings);
  return parsed.success ? undefined : describeIssues(parsed.error, "llmJudge.model");
}

/** Asks the model its settings name; each judge's model is built once per evaluation and used for every row. */
export function judgeModels(): AskJudge {
  const built = new Map<string, ReturnType<typeof modelFromParams>>();
  return async (prompt, settings) => {
    const key = JSON.stringify(settings);
    if (!built.has(key)) built.set(key, modelFromParams(JudgeModelParams.parse(settings)));
    const { model } = await built.get(key)!;
    const result = await generateText({
      model,
      prompt,
      output: format.output,
      abortSignal: AbortSignal.timeout(JUDGE_TIMEOUT_MS),
    });
    const checked = format.check(result.text);
    if (!checked.ok) throw new Error(checked.problem);
    return { score: Number(checked.value.score), reason: String(checked.value.reason) };
  };
}
