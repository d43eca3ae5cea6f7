/**
 * The expression-containment target: a JSONata or Code evaluation keeps a p95 of at most 50 ms while another node's
 * expression burns its budget and is killed. Both sides run here, in this process and through the real evaluation
 * boxes (lib/flow/evaluation-pool.ts): a floor of trivial evaluations with nothing else in the boxes, then the same
 * evaluations while a memory hog and a catastrophic regex are stopped, one after another. The ratio of the two
 * p95s holds on a machine that is slow or busy as a whole; the p95 itself is what the target names.
 */
import { evaluateExpression } from "../../lib/flow/evaluate-expression";
import { runInSandbox } from "../../lib/flow/js-sandbox";
import { ms, percentile, sequentialRow, timeEach, type BenchRow } from "./measure";

const TARGET_P95_MS = 50;
const FLOOR_EVALUATIONS = 400;
/** Expressions killed one after another, alternately for memory (64 MiB) and for time (2 s). */
const KILLED = 4;
const KILLED_EXPRESSIONS = ['$pad("", 200000000, "x")', '$match("aaaaaaaaaaaaaaaaaaaaaaaaaaaaa!", /(a+)+$/)'];

/** Every other evaluation is JSONata (Transform, If, Switch), the rest Code (QuickJS). */
const trivialEvaluation = (index: number) =>
  index % 2 === 0
    ? evaluateExpression('{ "n": n + 1 }', { n: index })
    : runInSandbox("return { n: input.n + 1 };", { n: index });

/** Expressions that cannot finish: each one's box is killed, by its heap limit or its deadline. */
async function killedExpressions(): Promise<void> {
  for (let index = 0; index < KILLED; index++) {
    const expression = KILLED_EXPRESSIONS[index % KILLED_EXPRESSIONS.length];
    const [outcome] = await Promise.allSettled([evaluateExpression(expression, null)]);
    if (outcome.status === "fulfilled")
      throw new Error(`${expression} finished: the bench no longer measures an expression being killed`);
  }
}

/** Trivial evaluations, one after another, for as long as the killed expressions last. */
async function evaluationsBesideKills(): Promise<number[]> {
  let killing = true;
  const kills = killedExpressions().finally(() => (killing = false));
  const durations: number[] = [];
  for (let index = 0; killing; index++) durations.push(...(await timeEach(1, () => trivialEvaluation(index))));
  await kills;
  return durations;
}

export async function benchContainment(): Promise<{ rows: BenchRow[]; figures: Record<string, number> }> {
  await timeEach(40, trivialEvaluation); // the boxes start with the first evaluation
  const floor = await timeEach(FLOOR_EVALUATIONS, trivialEvaluation);
  const beside = await evaluationsBesideKills();
  const [floorP95, besideP95] = [percentile(floor, 95), percentile(beside, 95)];
  return {
    rows: [
      sequentialRow(
        `containment: JSONata/Code evaluations while another expression is killed, ${KILLED} in turn ` +
          `(${beside.length} sequential; target p95 ≤ ${TARGET_P95_MS} ms; ` +
          `p95 ${ms(besideP95 / floorP95)}× the floor's)`,
        beside,
      ),
      sequentialRow(`containment floor: the same evaluations, nothing else in the boxes (${floor.length})`, floor),
    ],
    figures: {
      containment_eval_p95_ms: ms(besideP95),
      containment_eval_floor_p95_ms: ms(floorP95),
      containment_eval_p95_ratio_to_floor: ms(besideP95 / floorP95),
      containment_eval_max_ms: ms(Math.max(...beside)),
    },
  };
}
