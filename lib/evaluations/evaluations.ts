/**
 * Evaluation runs as stored: starting one (checked, stored queued, then its job enqueued), reading one with its rows,
 * listing a workflow's, and comparing two.
 */
import { getDb } from "../db/client";
import { Prisma } from "../db/generated/client";
import type { RunStarter } from "../runs/run-trigger";
import { compareRows, type ComparedSide, type Comparison } from "./compare";
import { addEvaluationJob } from "./evaluation-queue";
import type { EvaluatorConfig, Score } from "./evaluators/kinds";
import { evaluatedGraph, type EvaluationSource } from "./evaluation-source";
import { resolveJudges } from "./judge-node";
import type { EvaluationSummary } from "./summary";

export type EvaluationView = {
  id: string;
  workflowId: string;
  datasetId: string;
  datasetName: string;
  source: "draft" | "published";
  /** The published version it runs; null for the draft. */
  version: number | null;
  status: string;
  evaluators: EvaluatorConfig[];
  summary: EvaluationSummary | null;
  error: string | null;
  createdAt: string;
  finishedAt: string | null;
};

export type ResultView = ComparedSide & { output: unknown; error: string | null; input: unknown };

export type StartEvaluation =
  | { ok: true; evaluation: EvaluationView }
  | { ok: false; reason: "invalid" | "not-published" | "no-version" | "empty"; message: string };

type Stored = Prisma.EvaluationGetPayload<{ include: { dataset: { select: { name: true } } } }>;

function view(row: Stored): EvaluationView {
  return {
    id: row.id,
    workflowId: row.workflowId,
    datasetId: row.datasetId,
    datasetName: row.dataset.name,
    source: row.version === null ? "draft" : "published",
    version: row.version,
    status: row.status,
    evaluators: row.evaluators as EvaluatorConfig[],
    summary: row.summary as EvaluationSummary | null,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/**
 * Starts an evaluation of the draft or a published version (the live one, or any by its number); refused when a
 * judge's model settings or model node are wrong.
 */
export async function startEvaluation(fields: {
  workflowId: string;
  datasetId: string;
  source: EvaluationSource;
  evaluators: EvaluatorConfig[];
  concurrency: number;
  by?: RunStarter;
}): Promise<StartEvaluation> {
  const db = getDb();
  const rows = await db.datasetRow.count({ where: { datasetId: fields.datasetId } });
  if (rows === 0) return { ok: false, reason: "empty", message: "The dataset has no rows to evaluate" };
  const source = await evaluatedGraph(fields.workflowId, fields.source);
  if (!source.ok) return source;
  const judges = resolveJudges(fields.evaluators, source.graph);
  if (!judges.ok) return { ok: false, reason: "invalid", message: judges.message };
  const created = await db.evaluation.create({
    data: {
      workflowId: fields.workflowId,
      datasetId: fields.datasetId,
      version: source.version,
      evaluators: judges.evaluators as Prisma.InputJsonValue,
      concurrency: fields.concurrency,
      startedBy: fields.by ?? Prisma.JsonNull,
    },
    include: { dataset: { select: { name: true } } },
  });
  await addEvaluationJob(created.id);
  return { ok: true, evaluation: view(created) };
}

export async function getEvaluation(id: string, workflowId?: string): Promise<EvaluationView | null> {
  const row = await getDb().evaluation.findFirst({
    where: { id, ...(workflowId ? { workflowId } : {}) },
    include: { dataset: { select: { name: true } } },
  });
  return row ? view(row) : null;
}

export async function listEvaluations(workflowId: string, limit = 50): Promise<EvaluationView[]> {
  const rows = await getDb().evaluation.findMany({
    where: { workflowId },
    orderBy: { createdAt: "desc" },
    take: limit,
    include: { dataset: { select: { name: true } } },
  });
  return rows.map(view);
}

/** Each row's result, in the dataset's order, with the row's input. */
export async function evaluationResults(evaluationId: string): Promise<ResultView[]> {
  const results = await getDb().evaluationResult.findMany({ where: { evaluationId }, orderBy: { position: "asc" } });
  const inputs = await getDb().datasetRow.findMany({
    where: { id: { in: results.map((result) => result.rowId) } },
    select: { id: true, input: true },
  });
  const inputOf = new Map(inputs.map((row) => [row.id, row.input]));
  return results.map((result) => ({
    rowId: result.rowId,
    position: result.position,
    pass: result.pass,
    scores: result.scores as Score[] | null,
    runId: result.runId,
    totalTokens: result.totalTokens,
    costUsd: result.costUsd,
    durationMs: result.durationMs,
    output: result.output,
    error: result.error,
    input: inputOf.get(result.rowId) ?? null,
  }));
}

export async function compareEvaluations(before: EvaluationView, after: EvaluationView): Promise<Comparison> {
  const [was, now] = await Promise.all([evaluationResults(before.id), evaluationResults(after.id)]);
  return {
    before: { id: before.id, summary: before.summary },
    after: { id: after.id, summary: after.summary },
    ...compareRows(was, now),
  };
}
