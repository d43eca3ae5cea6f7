/**
 * Running an evaluation (the `evaluations` job): each dataset row becomes an ordinary run of the workflow (trigger
 * kind "evaluation", so it shows in the history, marked, and stays out of production figures), a bounded number at
 * once; each run is awaited, read back (output, the gateway's tool-call records, tokens, cost, duration) and scored.
 * Each row's run id is stored as soon as it starts, so a job redelivered after a worker died waits for the runs
 * already started instead of starting them again, and skips the rows already scored.
 */
import pLimit from "p-limit";
import { getDb } from "../db/client";
import { Prisma } from "../db/generated/client";
import { getRunStatus } from "../runs/read-run";
import { runSecrets } from "../runs/run-secrets";
import { SecretScope } from "../secrets/secret-scope";
import { startRun, startRunProblem } from "../runs/start-run";
import type { RunStarter, RunTrigger } from "../runs/run-trigger";
import { waitForRunEnd } from "../runs/wait-for-run-end";
import { datasetRows, type DatasetRowView } from "./datasets";
import { evaluateRow, type EvaluatorConfig } from "./evaluators/kinds";
import type { AskJudge } from "./evaluators/types";
import { judgeModels } from "./judge-model";
import { runFigures } from "./row-outcome";
import { summarize, type ResultFigures } from "./summary";

/** How long one row's run may take before the row is scored as not ended. */
const ROW_TIMEOUT_MS = Number(process.env.SWITCHBOARD_EVALUATION_ROW_TIMEOUT_MS ?? 15 * 60_000);
const ENDED = new Set(["completed", "failed", "cancelled"]);

type Evaluation = Prisma.EvaluationGetPayload<object>;
type Stored = { runId: string | null; pass: boolean | null };
/** The judges' model call, and the secrets their settings name. */
type Judge = { ask: AskJudge; secrets: SecretScope };

const json = (value: unknown) => (value === undefined || value === null ? Prisma.JsonNull : (value as object));

async function saveResult(evaluationId: string, row: DatasetRowView, data: Prisma.EvaluationResultUpdateInput) {
  await getDb().evaluationResult.upsert({
    where: { evaluationId_rowId: { evaluationId, rowId: row.id } },
    create: {
      ...(data as Prisma.EvaluationResultUncheckedCreateInput),
      evaluationId,
      rowId: row.id,
      position: row.position,
    },
    update: data,
  });
}

/** Starts the row's run, or answers the one a previous attempt started; null when it could not start (stored). */
async function rowRun(evaluation: Evaluation, row: DatasetRowView, stored: Stored | undefined) {
  if (stored?.runId) return stored.runId;
  const trigger: RunTrigger = {
    kind: "evaluation",
    evaluationId: evaluation.id,
    ...(evaluation.startedBy ? { by: evaluation.startedBy as RunStarter } : {}),
  };
  // The version fixed when the evaluation started, even if another has been published since.
  const source = evaluation.version === null ? "draft" : { version: evaluation.version };
  const started = await startRun(evaluation.workflowId, row.input ?? undefined, trigger, undefined, source);
  if (!started.ok) {
    const error = `The run did not start: ${startRunProblem(started)}`;
    await saveResult(evaluation.id, row, { pass: false, scores: [], error });
    return null;
  }
  await saveResult(evaluation.id, row, { runId: started.runId });
  return started.runId;
}

/**
 * What is stored of a row is redacted with the run's secrets and the judges' own (a judge may repeat a key it saw
 * in the output, or an error may quote one), as run events are.
 */
async function redactor(runId: string, judgeSecrets: SecretScope) {
  const runScope = await runSecrets(runId);
  return <T>(value: T): T => judgeSecrets.redact(runScope.redact(value));
}

async function scoreRow(evaluation: Evaluation, row: DatasetRowView, stored: Stored | undefined, judge: Judge) {
  if (stored?.pass !== null && stored?.pass !== undefined) return;
  const runId = await rowRun(evaluation, row, stored);
  if (!runId) return;
  const run = await waitForRunEnd(runId, ROW_TIMEOUT_MS);
  if (!run || !ENDED.has(run.status)) {
    await saveResult(evaluation.id, row, { pass: false, scores: [], error: "The run did not end in time" });
    return;
  }
  const figures = await runFigures(run);
  const evaluators = evaluation.evaluators as EvaluatorConfig[];
  const { scores, pass } = await evaluateRow(
    evaluators,
    { ...figures, input: row.input, expectations: row.expectations },
    judge.ask,
  );
  const redact = await redactor(runId, judge.secrets);
  await saveResult(evaluation.id, row, {
    pass,
    scores: redact(scores) as Prisma.InputJsonValue,
    output: json(redact(figures.output)),
    error: figures.error === null ? null : redact(figures.error),
    totalTokens: figures.totalTokens,
    costUsd: figures.costUsd,
    durationMs: figures.durationMs,
  });
}

async function finish(evaluationId: string) {
  const db = getDb();
  const results = await db.evaluationResult.findMany({ where: { evaluationId } });
  const statuses = await Promise.all(
    results.map(async (result) => (result.runId ? ((await getRunStatus(result.runId))?.status ?? null) : null)),
  );
  const figures: ResultFigures[] = results.map((result, index) => ({
    pass: result.pass,
    scores: result.scores as ResultFigures["scores"],
    totalTokens: result.totalTokens,
    costUsd: result.costUsd,
    durationMs: result.durationMs,
    runStatus: statuses[index],
  }));
  await db.evaluation.update({
    where: { id: evaluationId },
    data: { status: "completed", summary: summarize(figures) as object, finishedAt: new Date() },
  });
}

/** Runs the evaluation to its end (or on from where a previous attempt stopped). */
export async function processEvaluation(evaluationId: string): Promise<void> {
  const db = getDb();
  const evaluation = await db.evaluation.findUnique({ where: { id: evaluationId } });
  if (!evaluation || evaluation.status === "completed" || evaluation.status === "failed") return;
  await db.evaluation.update({ where: { id: evaluationId }, data: { status: "running" } });
  try {
    const [rows, stored] = await Promise.all([
      datasetRows(evaluation.datasetId),
      db.evaluationResult.findMany({ where: { evaluationId }, select: { rowId: true, runId: true, pass: true } }),
    ]);
    const storedBy = new Map(stored.map((result) => [result.rowId, result]));
    const limit = pLimit(evaluation.concurrency);
    const judge = { ask: judgeModels(), secrets: new SecretScope() };
    await judge.secrets.learn([evaluation.evaluators]);
    await Promise.all(rows.map((row) => limit(() => scoreRow(evaluation, row, storedBy.get(row.id), judge))));
    await finish(evaluationId);
  } catch (error) {
    await db.evaluation.update({
      where: { id: evaluationId },
      data: { status: "failed", error: (error as Error).message, finishedAt: new Date() },
    });
    throw error;
  }
}
