/**
 * Evaluates a JSONata expression for Transform and If, in an evaluation box (evaluation-pool.ts):
 * stopped after EXPRESSION_TIME_LIMIT_MS or past the box's memory limit, with a message that
 * says which, and never on the engine's thread.
 */
import { evaluateInBox } from "./evaluation-pool";
import { EXPRESSION_TIME_LIMIT_MS, ExpressionError } from "./jsonata-expression";

/**
 * `source` over `input`, with `$input` and `$run` bound; throws an ExpressionError naming the position, or the limit it
 * passed.
 */
export async function evaluateExpression(
  source: string,
  input: unknown,
  runInput?: unknown,
  signal?: AbortSignal,
): Promise<unknown> {
  const answer = await evaluateInBox(
    { kind: "jsonata", expression: source, input, runInput },
    { subject: "The expression", timeMs: EXPRESSION_TIME_LIMIT_MS, signal },
  );
  if (!answer.ok) throw new ExpressionError(answer.message);
  return answer.value;
}
