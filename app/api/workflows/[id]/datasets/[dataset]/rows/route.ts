/**
 * POST adds rows to a dataset (editor): as JSON, from a CSV or JSONL file's text, or from one of the workflow's runs
 * ("add this run to a dataset").
 */
import type { z } from "zod";
import { ApiError } from "@/lib/http/api-error";
import { apiRoute } from "@/lib/http/api-route";
import { workflowOfPath } from "@/lib/http/workflow-of";
import { appendRows, rowFromRun } from "@/lib/evaluations/datasets";
import { rowsFromCsv, rowsFromJsonl, type NewRow } from "@/lib/evaluations/import-rows";
import { describeIssues } from "@/lib/validation/describe-issues";
import { datasetOfPath } from "../../dataset-of";
import { AddRowsBody } from "../../schema";

export const dynamic = "force-dynamic";

async function newRows(
  workflowId: string,
  body: z.infer<typeof AddRowsBody>,
): Promise<{ rows: NewRow[]; runId?: string }> {
  if ("rows" in body)
    return { rows: body.rows.map((row) => ({ input: row.input ?? null, expectations: row.expectations })) };
  if ("runId" in body) {
    const row = await rowFromRun(workflowId, body.runId, body.expectations);
    if (!row) throw new ApiError("not-found", `Workflow ${workflowId} has no run ${body.runId}`);
    return { rows: [row], runId: body.runId };
  }
  const parsed = body.format === "csv" ? rowsFromCsv(body.text) : rowsFromJsonl(body.text);
  if (!parsed.ok) throw new ApiError("bad-request", `text: ${parsed.problem}`);
  return { rows: parsed.rows };
}

export const POST = apiRoute<{ id: string; dataset: string }>(
  { role: "editor", workflow: workflowOfPath, body: "workflow" },
  async ({ json }, params) => {
    const body = AddRowsBody.safeParse(await json());
    if (!body.success)
      throw new ApiError(
        "bad-request",
        `Expected { "rows": [...] }, { "format": "csv" | "jsonl", "text": "..." } or { "runId": "..." }: ` +
          describeIssues(body.error),
      );
    const dataset = await datasetOfPath(params);
    const { rows, runId } = await newRows(params.id, body.data);
    const rowCount = await appendRows(dataset.id, rows, runId);
    return Response.json({ added: rows.length, rowCount }, { status: 201 });
  },
);
