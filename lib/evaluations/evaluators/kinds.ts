/**
 * The table of evaluator kinds: each kind's settings (zod) and its check. An evaluation's `evaluators` are a list of
 * these; a row passes when its run completed and every evaluator passed. Pure (the judge's model call is lent).
 */
import { z } from "zod";
import { maxCost, maxLatency, MaxCostConfig, MaxLatencyConfig } from "./ceilings";
import { contains, ContainsConfig } from "./contains";
import { exact, ExactConfig } from "./exact";
import { jsonSchema, JsonSchemaConfig } from "./json-schema";
import { llmJudge, LlmJudgeConfig } from "./llm-judge";
import { regex, RegexConfig } from "./regex";
import {
  maxToolCalls,
  toolArgs,
  ToolArgsConfig,
  toolCalled,
  ToolCalledConfig,
  ToolCallCountConfig,
  toolNotCalled,
  ToolNotCalledConfig,
} from "./tool-calls";
import type { AskJudge, RowOutcome, Verdict } from "./types";

export const EvaluatorConfig = z.discriminatedUnion("kind", [
  ExactConfig,
  ContainsConfig,
  RegexConfig,
  JsonSchemaConfig,
  ToolCalledConfig,
  ToolNotCalledConfig,
  ToolArgsConfig,
  ToolCallCountConfig,
  MaxCostConfig,
  MaxLatencyConfig,
  LlmJudgeConfig,
]);
export type EvaluatorConfig = z.infer<typeof EvaluatorConfig>;
export type EvaluatorKind = EvaluatorConfig["kind"];

export const EvaluatorList = z.array(EvaluatorConfig).min(1, "give at least one evaluator").max(50);

type Check<K extends EvaluatorKind> = (
  config: Extract<EvaluatorConfig, { kind: K }>,
  row: RowOutcome,
  ask: AskJudge,
) => Verdict | Promise<Verdict>;

const CHECKS: { [K in EvaluatorKind]: Check<K> } = {
  exact,
  contains,
  regex,
  jsonSchema,
  toolCalled,
  toolNotCalled,
  toolArgs,
  maxToolCalls,
  maxCost,
  maxLatency,
  llmJudge,
};

export type Score = Verdict & { name: string; kind: EvaluatorKind };

/** Each evaluator's name: its own, or its kind (numbered when the kind repeats). */
export function evaluatorNames(evaluators: readonly EvaluatorConfig[]): string[] {
  const seen = new Map<string, number>();
  return evaluators.map((evaluator) => {
    if (evaluator.name) return evaluator.name;
    const count = (seen.get(evaluator.kind) ?? 0) + 1;
    seen.set(evaluator.kind, count);
    return count === 1 ? evaluator.kind : `${evaluator.kind} ${count}`;
  });
}

/** Every evaluator's verdict on the row, and whether the row passes. */
export async function evaluateRow(
  evaluators: readonly EvaluatorConfig[],
  row: RowOutcome,
  ask: AskJudge,
): Promise<{ scores: Score[]; pass: boolean }> {
  const names = evaluatorNames(evaluators);
  const scores = await Promise.all(
    evaluators.map(async (evaluator, index) => {
      const check = CHECKS[evaluator.kind] as Check<EvaluatorKind>;
      const result = await check(evaluator, row, ask);
      return { name: names[index], kind: evaluator.kind, ...result };
    }),
  );
  return { scores, pass: row.status === "completed" && scores.every((score) => score.pass) };
}
