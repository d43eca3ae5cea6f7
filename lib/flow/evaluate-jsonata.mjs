/**
 * JSONata inside an evaluation process (the `jsonata` package): the expression sees the node's input
 * as its context and `$input` / `$run` as variables. A syntax error names the position; nesting
 * deeper than MAX_DEPTH is stopped here, and time and memory from outside (evaluation-pool.ts).
 */
import jsonata from "jsonata";

const MAX_DEPTH = 200;

/** @param {{ position?: number }} error */
const at = (error) => (error?.position !== undefined ? ` at character ${error.position}` : "");

/** @param {{ expression: string, input: unknown, runInput: unknown }} task */
export async function evaluateJsonata({ expression, input, runInput }) {
  let compiled;
  try {
    compiled = jsonata(expression, { stack: MAX_DEPTH });
  } catch (error) {
    return { ok: false, message: `The expression is not valid${at(error)}: ${error?.message}` };
  }
  try {
    const result = await compiled.evaluate(input, { input, run: runInput });
    // JSONata marks its arrays as sequences (extra properties): hand on plain JSON.
    return { ok: true, value: result === undefined ? undefined : JSON.parse(JSON.stringify(result)) };
  } catch (error) {
    return { ok: false, message: `The expression failed${at(error)}: ${error?.message ?? String(error)}` };
  }
}
