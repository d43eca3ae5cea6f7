/**
 * JSONata for Transform, If and Switch (the `jsonata` package, not a home-made evaluator). The
 * expression sees the node's input as its context and `$input` / `$run` as variables. A syntax
 * error names the position; an evaluation that runs too long or nests too deep is stopped.
 */
import jsonata from "jsonata";

export const EXPRESSION_TIME_LIMIT_MS = 1_000;
const MAX_DEPTH = 200;

export class ExpressionError extends Error {}

/** Compiles `source` (with JSONata's own time and depth guardrails), or throws an ExpressionError saying where it is wrong. */
export function compileExpression(source: string): jsonata.Expression {
  try {
    return jsonata(source, { timeout: EXPRESSION_TIME_LIMIT_MS, stack: MAX_DEPTH });
  } catch (error) {
    const { message, position } = error as { message: string; position?: number };
    throw new ExpressionError(`The expression is not valid${position !== undefined ? ` at character ${position}` : ""}: ${message}`);
  }
}

/** Evaluates `source` over `input`, with `$input` and `$run` bound; stopped after EXPRESSION_TIME_LIMIT_MS or MAX_DEPTH nested calls. */
export async function evaluateExpression(source: string, input: unknown, runInput?: unknown): Promise<unknown> {
  const expression = compileExpression(source);
  try {
    const result: unknown = await expression.evaluate(input, { input, run: runInput });
    // JSONata marks its arrays as sequences (extra properties): hand on plain JSON.
    return result === undefined ? undefined : (JSON.parse(JSON.stringify(result)) as unknown);
  } catch (error) {
    const { message, position } = error as { message: string; position?: number };
    throw new ExpressionError(`The expression failed${position !== undefined ? ` at character ${position}` : ""}: ${message}`);
  }
}
