/**
 * JSONata for Transform, If and Switch (the `jsonata` package, not a home-made evaluator): parsing,
 * for checks at save. Parsing is linear in the expression's length and runs nothing, so it stays on
 * the caller's thread (the browser's too); evaluating runs in an evaluation box
 * (evaluate-expression.ts).
 */
import jsonata from "jsonata";

/** How long one evaluation may run before its box is killed. */
export const EXPRESSION_TIME_LIMIT_MS = 2_000;

export class ExpressionError extends Error {}

/** Parses `source`, or throws an ExpressionError saying where it is wrong. */
export function compileExpression(source: string): jsonata.Expression {
  try {
    return jsonata(source);
  } catch (error) {
    const { message, position } = error as { message: string; position?: number };
    throw new ExpressionError(
      `The expression is not valid${position !== undefined ? ` at character ${position}` : ""}: ${message}`,
    );
  }
}
