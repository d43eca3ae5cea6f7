/**
 * A workflow's evaluations: its datasets (rows of input and expectations) and its evaluation runs, newest first, with
 * a form to compare two of them. Viewers may read it; evaluations start from the API or `npm run eval`.
 */
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { pageUser, pageWorkflowAccess } from "@/lib/auth/request-access";
import { listDatasets } from "@/lib/evaluations/datasets";
import { listEvaluations } from "@/lib/evaluations/evaluations";
import { getWorkflow } from "@/lib/workflow-store/repository";
import { PageShell } from "@/components/ui/page-shell";
import { buttonClassName } from "@/components/ui/button";
import { EvaluationList } from "@/components/evaluations/evaluation-list";
import { sourceText } from "@/components/evaluations/format";
import "@/components/evaluations/evaluations.css";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Evaluations" };

type PageProps = { params: Promise<{ id: string }> };

export default async function EvaluationsPage({ params }: PageProps) {
  const { id } = await params;
  const user = await pageUser("viewer", `/workflows/${id}/evaluations`);
  await pageWorkflowAccess(user, id);
  const workflow = await getWorkflow(id);
  if (!workflow) notFound();
  const [datasets, evaluations] = await Promise.all([listDatasets(id), listEvaluations(id)]);
  const finished = evaluations.filter((evaluation) => evaluation.status === "completed");
  return (
    <PageShell
      user={user}
      title={`Evaluations of ${workflow.name}`}
      subtitle="Datasets of test rows, and how each version scored on them. Each row's run is in the run history."
      actions={
        <Link className={buttonClassName("secondary", "sm")} href={`/workflows/${id}`}>
          Open the workflow
        </Link>
      }
    >
      <section className="eval-section">
        <h2 className="eval-section-title">Datasets</h2>
        <DatasetList workflowId={id} datasets={datasets} />
      </section>
      <section className="eval-section">
        <h2 className="eval-section-title">Evaluation runs</h2>
        <EvaluationList workflowId={id} evaluations={evaluations} />
        {finished.length >= 2 && <CompareForm workflowId={id} finished={finished} />}
      </section>
    </PageShell>
  );
}

type Dataset = Awaited<ReturnType<typeof listDatasets>>[number];

function DatasetList({ workflowId, datasets }: { workflowId: string; datasets: Dataset[] }) {
  if (datasets.length === 0)
    return <p className="eval-empty">No datasets yet: create one with POST /api/workflows/{workflowId}/datasets.</p>;
  return (
    <div className="table-card">
      <ul className="table-rows" data-testid="dataset-list">
        {datasets.map((dataset) => (
          <li key={dataset.id} className="table-row eval-dataset-row">
            <strong>{dataset.name}</strong>
            <span className="muted">
              {dataset.rowCount} row{dataset.rowCount === 1 ? "" : "s"}
            </span>
            <span className="muted">{dataset.description}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

type Evaluation = Awaited<ReturnType<typeof listEvaluations>>[number];

const optionText = (evaluation: Evaluation) =>
  [evaluation.datasetName, sourceText(evaluation.version), new Date(evaluation.createdAt).toLocaleString("en")].join(
    " · ",
  );

/** Two finished evaluations side by side; the newest two are chosen to start with. */
function CompareForm({ workflowId, finished }: { workflowId: string; finished: Evaluation[] }) {
  const options = finished.map((evaluation) => (
    <option key={evaluation.id} value={evaluation.id}>
      {optionText(evaluation)}
    </option>
  ));
  return (
    <form
      className="eval-compare-form"
      action={`/workflows/${workflowId}/evaluations/compare`}
      data-testid="compare-form"
    >
      <label>
        Before
        <select className="input" name="before" defaultValue={finished[1].id}>
          {options}
        </select>
      </label>
      <label>
        After
        <select className="input" name="after" defaultValue={finished[0].id}>
          {options}
        </select>
      </label>
      <button type="submit" className={buttonClassName("primary", "sm")}>
        Compare
      </button>
    </form>
  );
}
