/**
 * One dataset: its rows (input, expected output, other expectations), changed, deleted or added by hand, and rows
 * imported from a CSV or JSONL file; the dataset itself renamed or deleted. Viewers may read it; editors change it.
 */
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { pageUser } from "@/lib/auth/request-access";
import { hasRole } from "@/lib/auth/roles";
import { datasetRows, findDataset } from "@/lib/evaluations/datasets";
import { PageShell } from "@/components/ui/page-shell";
import { buttonClassName } from "@/components/ui/button";
import { DatasetImport } from "@/components/evaluations/dataset-import";
import { DatasetRows } from "@/components/evaluations/dataset-rows";
import { DeleteDatasetButton } from "@/components/evaluations/delete-dataset-button";
import { RenameDatasetButton } from "@/components/evaluations/rename-dataset-button";
import "@/components/evaluations/evaluations.css";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Dataset" };

type PageProps = { params: Promise<{ id: string; dataset: string }> };

export default async function DatasetPage({ params }: PageProps) {
  const { id, dataset: datasetId } = await params;
  const user = await pageUser("viewer", `/workflows/${id}/evaluations/datasets/${datasetId}`);
  const dataset = await findDataset(id, decodeURIComponent(datasetId));
  if (!dataset) notFound();
  const rows = await datasetRows(dataset.id);
  const canEdit = hasRole(user.role, "editor");
  const evaluations = `/workflows/${id}/evaluations`;
  return (
    <PageShell
      user={user}
      title={`Dataset ${dataset.name}`}
      subtitle={
        dataset.description ||
        "Each row is one run's input and what the evaluators expect of it: its output, and any other field " +
          "they quote as {{expected.field}}."
      }
      actions={
        <>
          {canEdit && <RenameDatasetButton workflowId={id} dataset={dataset} />}
          {canEdit && <DeleteDatasetButton workflowId={id} dataset={dataset} />}
          <Link className={buttonClassName("secondary", "sm")} href={evaluations}>
            All evaluations
          </Link>
          {canEdit && rows.length > 0 && (
            <Link
              className={buttonClassName("primary", "sm")}
              href={`${evaluations}?dataset=${dataset.id}#new-evaluation`}
              data-testid="evaluate-dataset"
            >
              Evaluate
            </Link>
          )}
        </>
      }
    >
      <DatasetRows workflowId={id} datasetId={dataset.id} rows={rows} canEdit={canEdit} />
      {canEdit && <DatasetImport workflowId={id} datasetId={dataset.id} />}
    </PageShell>
  );
}
