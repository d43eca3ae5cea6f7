/**
 * A workflow's datasets over the API (evaluations' test rows): what the routes accept and answer, and their OpenAPI
 * operations (registered in app/api/operations.ts).
 */
import { z } from "zod";
import { apiError, IsoTime, jsonBody, jsonResponse, noContent, type ApiOperation } from "@/lib/http/openapi/operation";
import { notFound } from "@/lib/http/openapi/not-found";
import { NewRowSchema } from "@/lib/evaluations/import-rows";
import { WorkflowIdParams } from "../schema";

/** One row as a request gives it: the run's input and what the evaluators expect. */
export const RowBody = NewRowSchema.extend({
  input: z.unknown().meta({ description: "The run's input, as POST /api/workflows/{id}/runs takes it" }),
  expectations: z
    .record(z.string(), z.unknown())
    .default({})
    .meta({ description: "What evaluators read: `output` (exact, contains), `{{expected.x}}` in their settings" }),
});

const rowsField = z.array(RowBody).max(5_000, "rows: at most 5,000 at once");

/** New rows: given as JSON, from a CSV or JSONL file's text, or from one of the workflow's runs. */
export const AddRowsBody = z.union([
  z.object({ rows: rowsField }),
  z.object({
    format: z.enum(["csv", "jsonl"], "format: must be csv or jsonl"),
    text: z.string().max(5_000_000, "text: at most 5 MB"),
  }),
  z.object({
    runId: z.string().min(1).meta({ description: "Add this run: its input, its output as the expected output" }),
    expectations: z.record(z.string(), z.unknown()).optional(),
  }),
]);

const DatasetName = z
  .string("name: required")
  .trim()
  .min(1, "name: required")
  .max(100, "name: keep it under 100 characters")
  .regex(/^[^/]+$/, "name: may not hold a slash");
const DatasetDescription = z.string().max(2_000, "description: keep it under 2,000 characters");

export const CreateDatasetBody = z.object({
  name: DatasetName,
  description: DatasetDescription.default(""),
  rows: rowsField.default([]),
});

/** A new name, a new description, or both. */
export const UpdateDatasetBody = z
  .object({ name: DatasetName.optional(), description: DatasetDescription.optional() })
  .refine((body) => body.name !== undefined || body.description !== undefined, "give a name or a description");

export const DatasetSummary = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  rowCount: z.number().int(),
  createdAt: IsoTime,
});

export const DatasetRow = z.object({
  id: z.string(),
  position: z.number().int(),
  input: z.unknown(),
  expectations: z.record(z.string(), z.unknown()),
});

export const DatasetParams = WorkflowIdParams.extend({
  dataset: z.string().meta({ description: "The dataset's id or name" }),
});
export const DatasetRowParams = DatasetParams.extend({ row: z.string().meta({ description: "The row's id" }) });

const tag = "Evaluations";
const noDataset = notFound("dataset");
export const operations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/workflows/{id}/datasets",
    tag,
    summary: "List a workflow's datasets",
    access: "viewer",
    limited: "workflow",
    request: { params: WorkflowIdParams },
    responses: { 200: jsonResponse("Its datasets", z.object({ datasets: z.array(DatasetSummary) })), 404: notFound() },
  },
  {
    method: "post",
    path: "/api/workflows/{id}/datasets",
    tag,
    summary: "Create a dataset",
    description: "Named uniquely within the workflow, optionally with its first rows.",
    access: "editor",
    limited: "workflow",
    request: { params: WorkflowIdParams, body: jsonBody(CreateDatasetBody) },
    responses: {
      201: jsonResponse("Created", DatasetSummary),
      400: apiError("A field is missing or wrong"),
      404: notFound(),
      409: apiError("The workflow already has a dataset of that name"),
    },
  },
  {
    method: "get",
    path: "/api/workflows/{id}/datasets/{dataset}",
    tag,
    summary: "Read a dataset with its rows",
    access: "viewer",
    limited: "workflow",
    request: { params: DatasetParams },
    responses: {
      200: jsonResponse("The dataset", DatasetSummary.extend({ rows: z.array(DatasetRow) })),
      404: noDataset,
    },
  },
  {
    method: "patch",
    path: "/api/workflows/{id}/datasets/{dataset}",
    tag,
    summary: "Rename a dataset or change its description",
    description: "Evaluations hold the dataset by id: those already run follow it to its new name.",
    access: "editor",
    limited: "workflow",
    request: { params: DatasetParams, body: jsonBody(UpdateDatasetBody) },
    responses: {
      200: jsonResponse("The dataset as it is now", DatasetSummary),
      400: apiError("A field is wrong (it is named)"),
      404: noDataset,
      409: apiError("The workflow already has a dataset of that name"),
    },
  },
  {
    method: "delete",
    path: "/api/workflows/{id}/datasets/{dataset}",
    tag,
    summary: "Delete a dataset",
    description: "With its rows and the evaluations that ran it.",
    access: "editor",
    limited: "workflow",
    request: { params: DatasetParams },
    responses: { 204: noContent("Deleted"), 404: noDataset },
  },
  {
    method: "post",
    path: "/api/workflows/{id}/datasets/{dataset}/rows",
    tag,
    summary: "Add rows to a dataset",
    description:
      "As JSON `{ rows }`, from a file `{ format: csv | jsonl, text }` (CSV: an `input` column or `input.<field>` " +
      "columns; every other column an expectation), or from a run of the workflow `{ runId }`.",
    access: "editor",
    limited: "workflow",
    request: { params: DatasetParams, body: jsonBody(AddRowsBody) },
    responses: {
      201: jsonResponse("Added", z.object({ added: z.number().int(), rowCount: z.number().int() })),
      400: apiError("The rows or the file are wrong (the line is named)"),
      404: notFound("dataset", "run of the workflow"),
    },
  },
  {
    method: "put",
    path: "/api/workflows/{id}/datasets/{dataset}/rows/{row}",
    tag,
    summary: "Change a dataset row",
    description: "Replaces its input and expectations; evaluations already run keep what they scored.",
    access: "editor",
    limited: "workflow",
    request: { params: DatasetRowParams, body: jsonBody(RowBody) },
    responses: {
      200: jsonResponse("The row as stored", DatasetRow),
      400: apiError("The row is wrong (the field is named)"),
      404: notFound("dataset", "row"),
    },
  },
  {
    method: "delete",
    path: "/api/workflows/{id}/datasets/{dataset}/rows/{row}",
    tag,
    summary: "Delete a dataset row",
    description: "The rows after it move up one place.",
    access: "editor",
    limited: "workflow",
    request: { params: DatasetRowParams },
    responses: { 204: noContent("Deleted"), 404: notFound("dataset", "row") },
  },
];
