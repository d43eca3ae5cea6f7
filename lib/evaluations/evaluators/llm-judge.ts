/**
 * `llmJudge`: a model reads the row's input, the output, the expectations and a rubric and answers a score 0–1 with
 * a reason; the row passes at `passAt` or above. The prompt is built here; the model call is lent by the caller
 * (lib/evaluations/judge-model.ts), with the judge's model settings chosen like an Agent's, or borrowed from one of the
 * workflow's model nodes (judge-node.ts). Pure.
 */
import { z } from "zod";
import { outputText, type AskJudge, type RowOutcome, type Verdict } from "./types";

export const LlmJudgeConfig = z.object({
  kind: z.literal("llmJudge"),
  name: z.string().max(100).optional(),
  rubric: z.string().min(1).max(20_000),
  /** The model's settings as an Agent node's params (provider, model, baseUrl, apiKey as a secret reference, …). */
  model: z.record(z.string(), z.unknown()).optional(),
  /** An Agent or LLM node of the workflow whose model settings the judge uses (`model` overrides single ones). */
  modelNode: z.string().min(1).max(200).optional(),
  passAt: z.number().min(0).max(1).default(0.7),
});
export type LlmJudgeConfig = z.infer<typeof LlmJudgeConfig>;

/** What the judge must answer, as a JSON Schema for the model's structured output. */
export const JUDGE_ANSWER_SCHEMA = {
  type: "object",
  properties: {
    score: { type: "number", minimum: 0, maximum: 1, description: "0: fails the rubric entirely, 1: meets it fully" },
    reason: { type: "string", description: "One or two sentences saying why" },
  },
  required: ["score", "reason"],
  additionalProperties: false,
};

const block = (title: string, value: unknown) => `<${title}>\n${outputText(value)}\n</${title}>`;

export function judgePrompt(rubric: string, row: RowOutcome): string {
  return [
    "You grade one answer of an AI workflow against a rubric. Answer with JSON: " +
      '{ "score": a number from 0 to 1, "reason": one or two sentences }.',
    block("rubric", rubric),
    block("input", row.input),
    block("output", row.output),
    block("expectations", row.expectations),
  ].join("\n\n");
}

export async function llmJudge(config: LlmJudgeConfig, row: RowOutcome, ask: AskJudge): Promise<Verdict> {
  try {
    const answer = await ask(judgePrompt(config.rubric, row), config.model ?? {});
    const score = Math.min(1, Math.max(0, answer.score));
    return { score, pass: score >= config.passAt, reason: answer.reason };
  } catch (error) {
    return { score: 0, pass: false, reason: `The judge did not answer: ${(error as Error).message}` };
  }
}
