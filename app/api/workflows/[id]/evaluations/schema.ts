/**
 * Evaluation runs over the API: starting one over a dataset, reading one with its rows' scores, listing a
 * workflow's and comparing two; their OpenAPI operations (registered in app/api/operations.ts).
 */
import { z } from "zod";
import { apiError, IsoTime, jsonBody, jsonResponse, type ApiOperation } from "@/lib/http/openapi/operation";
import { notFound } from "@/lib/http/openapi/not-found";
import { EvaluatorList } from "@/lib/evaluations/evaluators/kinds";
import { WorkflowIdParams } from "../schema";

export const StartEvaluationBody = z.object({
  dataset: z.string("dataset: required (its id or name)").min(1, "dataset: required (its id or name)"),
  version: z
    .union(
      [z.enum(["published", "draft"]), z.number().int().min(1)],
      "version: must be published, draft or a published version's number",
    )
    .default("published")
    .meta({
      description:
        "Which graph runs: the live published version (as live triggers do), the draft, or a published version by " +
        "its number (GET …/versions lists them)",
    }),
  evaluators: EvaluatorList.meta({
    description:
      "Each { kind, name?, … }: exact, contains, regex, jsonSchema (on the output), toolCalled, toolNotCalled, " +
      "toolArgs, maxToolCalls (on the gateway's records of the run's tool calls), maxCost, maxLatency, llmJudge " +
      "(a model with a rubric; its settings as an Agent's, or those of the workflow's Agent or LLM node " +
      "`modelNode`). " +
      "Text settings may quote the row: {{expected.x}}, {{input}}.",
  }),
  concurrency: z.number().int().min(1).max(16, "concurrency: at most 16").default(4),
});

const Score = z.object({
  name: z.string(),
  kind: z.string(),
  score: z.number(),
  pass: z.boolean(),
  reason: z.string(),
});

const Summary = z.object({
  rows: z.number().int(),
  passed: z.number().int(),
  failed: z.number().int(),
  runsNotCompleted: z.number().int(),
  passRate: z.number(),
  evaluators: z.array(
    z.object({ name: z.string(), kind: z.string(), passed: z.number().int(), meanScore: z.number() }),
  ),
  totalTokens: z.number(),
  costUsd: z.number(),
  meanDurationMs: z.number().nullable(),
  p95DurationMs: z.number().nullable(),
});

const Evaluation = z.object({
  id: z.string(),
  workflowId: z.string(),
  datasetId: z.string(),
  datasetName: z.string(),
  source: z.enum(["draft", "published"]),
  version: z.number().int().nullable(),
  status: z.enum(["queued", "running", "completed", "failed"]),
  evaluators: z.array(z.record(z.string(), z.unknown())),
  summary: Summary.nullable(),
  error: z.string().nullable(),
  createdAt: IsoTime,
  finishedAt: IsoTime.nullable(),
});

const ResultSide = z.object({
  rowId: z.string(),
  position: z.number().int(),
  pass: z.boolean().nullable(),
  scores: z.array(Score).nullable(),
  runId: z.string().nullable().meta({ description: "The row's run, in the run history (trigger kind evaluation)" }),
  totalTokens: z.number(),
  costUsd: z.number(),
  durationMs: z.number().nullable(),
});
const Result = ResultSide.extend({ input: z.unknown(), output: z.unknown(), error: z.string().nullable() });

const Change = z.enum(["fixed", "broken", "same", "added", "removed"]);
const Comparison = z.object({
  before: z.object({ id: z.string(), summary: Summary.nullable() }),
  after: z.object({ id: z.string(), summary: Summary.nullable() }),
  rows: z.array(
    z.object({
      rowId: z.string(),
      position: z.number().int(),
      change: Change,
      scoreChanges: z.array(z.object({ name: z.string(), before: Score.nullable(), after: Score.nullable() })),
      before: ResultSide.nullable(),
      after: ResultSide.nullable(),
    }),
  ),
  changes: z.record(Change, z.number().int()),
});

export const EvaluationParams = WorkflowIdParams.extend({ evaluation: z.string() });
export const CompareQuery = z.object({
  with: z.string("with: the id of the evaluation to compare with").min(1).meta({
    description: "The other evaluation: this one is `before`, that one `after`",
  }),
});

const tag = "Evaluations";
const noEvaluation = notFound("evaluation");
export const operations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/workflows/{id}/evaluations",
    tag,
    summary: "List a workflow's evaluations",
    description: "Newest first (the last 50).",
    access: "viewer",
    limited: "workflow",
    request: { params: WorkflowIdParams },
    responses: {
      200: jsonResponse("Its evaluations", z.object({ evaluations: z.array(Evaluation) })),
      404: notFound(),
    },
  },
  {
    method: "post",
    path: "/api/workflows/{id}/evaluations",
    tag,
    summary: "Start an evaluation",
    description:
      "Runs the workflow over every row of a dataset (a few at once), each row an ordinary run marked as an " +
      "evaluation's, and scores it; follow it at GET …/evaluations/{evaluation} until its status is completed.",
    access: "editor",
    limited: "workflow",
    request: { params: WorkflowIdParams, body: jsonBody(StartEvaluationBody) },
    responses: {
      201: jsonResponse("Started", Evaluation),
      400: apiError("A field is wrong (named: an unknown version, a judge's model node), or the dataset is empty"),
      404: notFound("dataset"),
      409: apiError("The workflow has never been published"),
    },
  },
  {
    method: "get",
    path: "/api/workflows/{id}/evaluations/{evaluation}",
    tag,
    summary: "Read an evaluation with its rows",
    access: "viewer",
    limited: "workflow",
    request: { params: EvaluationParams },
    responses: {
      200: jsonResponse("The evaluation", Evaluation.extend({ results: z.array(Result) })),
      404: noEvaluation,
    },
  },
  {
    method: "get",
    path: "/api/workflows/{id}/evaluations/{evaluation}/compare",
    tag,
    summary: "Compare two evaluations",
    description: "Row by row: which rows changed from pass to fail (broken) or back (fixed), and each side's figures.",
    access: "viewer",
    limited: "workflow",
    request: { params: EvaluationParams, query: CompareQuery },
    responses: {
      200: jsonResponse("The comparison", Comparison),
      400: apiError("No evaluation to compare with"),
      404: noEvaluation,
    },
  },
];
