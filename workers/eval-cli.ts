/**
 * The evaluation command over the HTTP API, for CI: starts an evaluation of a workflow over a dataset, waits for it,
 * prints a table of its rows and its pass rate, and answers the exit code — 0 at or above the threshold, 1 below it,
 * 2 when it could not run. Evaluators come from a JSON file, or else are those of the dataset's latest evaluation.
 */
import { readFile } from "node:fs/promises";
import { parseArgs } from "node:util";

export const EVAL_USAGE =
  "usage: npm run eval -- --workflow ID --dataset NAME [--version published|draft|N] [--threshold 0.8] " +
  "[--evaluators FILE.json] [--concurrency 4] [--url http://localhost:3000] [--api-key KEY]";

type Score = { name: string; pass: boolean; reason: string };
type Result = { position: number; pass: boolean | null; scores: Score[] | null; totalTokens: number; costUsd: number };
type Evaluation = {
  id: string;
  status: string;
  error: string | null;
  version: number | null;
  evaluators: unknown[];
  datasetName: string;
  summary: { rows: number; passed: number; passRate: number; totalTokens: number; costUsd: number } | null;
  results?: (Result & { durationMs: number | null })[];
};

class CliError extends Error {}

function options(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    options: {
      workflow: { type: "string" },
      dataset: { type: "string" },
      version: { type: "string", default: "published" },
      threshold: { type: "string", default: "1" },
      evaluators: { type: "string" },
      concurrency: { type: "string", default: "4" },
      url: { type: "string", default: process.env.SWITCHBOARD_URL ?? "http://localhost:3000" },
      "api-key": { type: "string", default: process.env.SWITCHBOARD_API_KEY },
    },
  });
  const threshold = Number(values.threshold);
  if (!values.workflow || !values.dataset) throw new CliError("--workflow and --dataset are required");
  if (!values["api-key"]) throw new CliError("--api-key (or SWITCHBOARD_API_KEY) is required");
  if (!(threshold >= 0 && threshold <= 1)) throw new CliError("--threshold must be a number from 0 to 1");
  if (!/^(published|draft|\d+)$/.test(values.version)) throw new CliError("--version must be published, draft or N");
  return { ...values, workflow: values.workflow, dataset: values.dataset, apiKey: values["api-key"], threshold };
}

type Options = ReturnType<typeof options>;

function client({ url, apiKey }: Options) {
  return async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(new URL(path, url), {
      method,
      headers: { authorization: `Bearer ${apiKey}`, ...(body ? { "content-type": "application/json" } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const answer = (await response.json().catch(() => ({}))) as T & { error?: string };
    if (!response.ok) throw new CliError(`${method} ${path} answered ${response.status}: ${answer.error ?? ""}`);
    return answer;
  };
}

async function evaluatorsFor(opts: Options, call: ReturnType<typeof client>, base: string): Promise<unknown[]> {
  if (opts.evaluators) return JSON.parse(await readFile(opts.evaluators, "utf8")) as unknown[];
  const { evaluations } = await call<{ evaluations: Evaluation[] }>("GET", `${base}/evaluations`);
  const last = evaluations.find((evaluation) => evaluation.datasetName === opts.dataset);
  if (!last)
    throw new CliError(`No earlier evaluation of "${opts.dataset}" to take evaluators from: pass --evaluators`);
  return last.evaluators;
}

/** The source to run: the draft, the live published version, or a published version by its number. */
const sourceFor = (opts: Options) => (/^\d+$/.test(opts.version) ? Number(opts.version) : opts.version);

function table(results: NonNullable<Evaluation["results"]>): string {
  const rows = results.map((result) => [
    String(result.position),
    result.pass ? "pass" : "FAIL",
    (result.scores ?? [])
      .filter((score) => !score.pass)
      .map((score) => `${score.name}: ${score.reason}`)
      .join("; ") || "",
    String(result.totalTokens),
    `$${result.costUsd.toFixed(4)}`,
    result.durationMs === null ? "-" : `${result.durationMs} ms`,
  ]);
  const head = ["row", "result", "failed evaluators", "tokens", "cost", "time"];
  const widths = head.map((title, i) => Math.min(80, Math.max(title.length, ...rows.map((row) => row[i].length))));
  const line = (cells: string[]) => cells.map((cell, i) => cell.slice(0, widths[i]).padEnd(widths[i])).join("  ");
  return [line(head), ...rows.map(line)].join("\n");
}

async function evaluateOnce(opts: Options, print: (text: string) => void): Promise<number> {
  const call = client(opts);
  const base = `/api/workflows/${encodeURIComponent(opts.workflow)}`;
  const started = await call<Evaluation>("POST", `${base}/evaluations`, {
    dataset: opts.dataset,
    version: sourceFor(opts),
    evaluators: await evaluatorsFor(opts, call, base),
    concurrency: Number(opts.concurrency),
  });
  const ran = started.version === null ? "the draft" : `version ${started.version}`;
  print(`evaluation ${started.id}: ${opts.dataset} on ${ran}`);
  let evaluation = started;
  while (evaluation.status === "queued" || evaluation.status === "running") {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    evaluation = await call<Evaluation>("GET", `${base}/evaluations/${started.id}`);
  }
  if (evaluation.status !== "completed" || !evaluation.summary || !evaluation.results)
    throw new CliError(`The evaluation ${evaluation.status}: ${evaluation.error ?? "no summary"}`);
  const { rows, passed, passRate, totalTokens, costUsd } = evaluation.summary;
  print(table(evaluation.results));
  const percent = (rate: number) => `${(rate * 100).toFixed(1)}%`;
  const verdict = passRate >= opts.threshold ? "at or above" : "BELOW";
  print(`passed ${passed}/${rows} (${percent(passRate)}), ${verdict} the threshold ${percent(opts.threshold)}`);
  print(`tokens ${totalTokens}, cost $${costUsd.toFixed(4)}`);
  return passRate >= opts.threshold ? 0 : 1;
}

/** Runs the command; answers its exit code. */
export async function runEvalCli(argv: string[], print = console.log, warn = console.error): Promise<number> {
  try {
    return await evaluateOnce(options(argv), print);
  } catch (error) {
    warn(error instanceof CliError || error instanceof TypeError ? error.message : String(error));
    if (error instanceof CliError && /required|must be/.test(error.message)) warn(EVAL_USAGE);
    return 2;
  }
}
