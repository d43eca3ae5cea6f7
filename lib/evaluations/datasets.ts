/**
 * A workflow's datasets and their rows: made by hand, from a file (import-rows.ts) or from a run ("add this run to a
 * dataset": its input, with its output as the expected output). A dataset is named uniquely within its workflow, and
 * found by id or name.
 */
import { getDb } from "../db/client";
import { Prisma } from "../db/generated/client";
import type { NewRow } from "./import-rows";

export type DatasetSummary = { id: string; name: string; description: string; rowCount: number; createdAt: string };
export type DatasetRowView = { id: string; position: number; input: unknown; expectations: Record<string, unknown> };

const asJson = (value: unknown) =>
  value === null || value === undefined ? Prisma.JsonNull : (value as Prisma.InputJsonValue);

const summary = (row: {
  id: string;
  name: string;
  description: string;
  createdAt: Date;
  _count: { rows: number };
}) => ({
  id: row.id,
  name: row.name,
  description: row.description,
  rowCount: row._count.rows,
  createdAt: row.createdAt.toISOString(),
});

export async function listDatasets(workflowId: string): Promise<DatasetSummary[]> {
  const rows = await getDb().dataset.findMany({
    where: { workflowId },
    orderBy: { name: "asc" },
    include: { _count: { select: { rows: true } } },
  });
  return rows.map(summary);
}

/** The dataset of this workflow with this id or name. */
export async function findDataset(workflowId: string, idOrName: string) {
  const found = await getDb().dataset.findFirst({
    where: { workflowId, OR: [{ id: idOrName }, { name: idOrName }] },
    include: { _count: { select: { rows: true } } },
  });
  return found ? summary(found) : null;
}

export async function datasetRows(datasetId: string): Promise<DatasetRowView[]> {
  const rows = await getDb().datasetRow.findMany({ where: { datasetId }, orderBy: { position: "asc" } });
  return rows.map((row) => ({
    id: row.id,
    position: row.position,
    input: row.input,
    expectations: (row.expectations ?? {}) as Record<string, unknown>,
  }));
}

/** The new dataset, or null when the workflow already has one of that name. */
export async function createDataset(
  workflowId: string,
  fields: { name: string; description?: string; rows?: NewRow[] },
): Promise<DatasetSummary | null> {
  try {
    const created = await getDb().dataset.create({
      data: { workflowId, name: fields.name, description: fields.description ?? "" },
    });
    await appendRows(created.id, fields.rows ?? []);
    return (await findDataset(workflowId, created.id))!;
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") return null;
    throw error;
  }
}

/** Adds rows after the last one, in one transaction; answers how many the dataset has now. */
export async function appendRows(datasetId: string, rows: NewRow[], sourceRunId?: string): Promise<number> {
  return getDb().$transaction(async (tx) => {
    // Serializes appends to one dataset, so positions stay unique.
    await tx.$executeRaw`SELECT id FROM "Dataset" WHERE id = ${datasetId} FOR UPDATE`;
    const last = await tx.datasetRow.aggregate({ where: { datasetId }, _max: { position: true } });
    const start = (last._max.position ?? 0) + 1;
    await tx.datasetRow.createMany({
      data: rows.map((row, index) => ({
        datasetId,
        position: start + index,
        input: asJson(row.input),
        expectations: row.expectations as Prisma.InputJsonValue,
        sourceRunId: sourceRunId ?? null,
      })),
    });
    return start + rows.length - 1;
  });
}

/** Replaces a row's input and expectations; false when the dataset has no such row. */
export async function updateRow(datasetId: string, rowId: string, row: NewRow): Promise<DatasetRowView | null> {
  const { count } = await getDb().datasetRow.updateMany({
    where: { id: rowId, datasetId },
    data: { input: asJson(row.input), expectations: row.expectations as Prisma.InputJsonValue },
  });
  if (count === 0) return null;
  return (await datasetRows(datasetId)).find((stored) => stored.id === rowId) ?? null;
}

/** Removes a row and closes the gap in the positions after it; false when the dataset has no such row. */
export async function deleteRow(datasetId: string, rowId: string): Promise<boolean> {
  return getDb().$transaction(async (tx) => {
    await tx.$executeRaw`SELECT id FROM "Dataset" WHERE id = ${datasetId} FOR UPDATE`;
    const row = await tx.datasetRow.findFirst({ where: { id: rowId, datasetId }, select: { position: true } });
    if (!row) return false;
    await tx.datasetRow.delete({ where: { id: rowId } });
    await tx.datasetRow.updateMany({
      where: { datasetId, position: { gt: row.position } },
      data: { position: { decrement: 1 } },
    });
    return true;
  });
}

/**
 * Renames a dataset or changes what it says it checks: the dataset as it is now, "taken" when the workflow already
 * has a dataset of the new name, "missing" when it is gone. Evaluations hold the dataset by id, so they follow it.
 */
export async function updateDataset(
  workflowId: string,
  datasetId: string,
  fields: { name?: string; description?: string },
): Promise<DatasetSummary | "taken" | "missing"> {
  try {
    const { count } = await getDb().dataset.updateMany({ where: { id: datasetId, workflowId }, data: fields });
    if (count === 0) return "missing";
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") return "taken";
    throw error;
  }
  return (await findDataset(workflowId, datasetId)) ?? "missing";
}

export async function deleteDataset(datasetId: string): Promise<void> {
  await getDb().dataset.delete({ where: { id: datasetId } });
}

/** A run of the workflow as a row: its input, its output as the expected output unless `expectations` says. */
export async function rowFromRun(
  workflowId: string,
  runId: string,
  expectations?: Record<string, unknown>,
): Promise<NewRow | null> {
  const run = await getDb().run.findFirst({ where: { id: runId, workflowId }, select: { input: true, output: true } });
  if (!run) return null;
  return { input: run.input, expectations: expectations ?? { output: run.output ?? null } };
}
