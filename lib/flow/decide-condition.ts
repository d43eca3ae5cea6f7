/**
 * Decides an If or Switch condition on the server. The `matches` operator tests a regex someone
 * wrote against data that arrived, which can backtrack for minutes: that test runs in an evaluation
 * box (evaluation-pool.ts) and is stopped at the expression time limit. The others are decided here.
 */
import { asText, compilePattern, evaluateCondition, type Condition } from "./condition";
import { evaluateInBox } from "./evaluation-pool";
import { EXPRESSION_TIME_LIMIT_MS } from "./jsonata-expression";

export async function decideCondition(condition: Condition, signal?: AbortSignal): Promise<boolean> {
  if (condition.operator !== "matches") return evaluateCondition(condition);
  const compareTo = condition.compareTo ?? "";
  const { source, flags } = compilePattern(compareTo);
  const subject = `The regular expression ${JSON.stringify(compareTo)}`;
  const answer = await evaluateInBox(
    { kind: "regex", pattern: source, flags, text: asText(condition.value) },
    { subject, timeMs: EXPRESSION_TIME_LIMIT_MS, signal },
  );
  if (!answer.ok) throw new Error(answer.message);
  return answer.value === true;
}
