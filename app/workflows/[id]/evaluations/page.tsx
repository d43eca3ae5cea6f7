/**
 * A workflow's evaluations: its datasets (rows of input and expectations, each opening to its rows), a form to start
 * an evaluation (editors), its evaluation runs newest first, and a form to compare two of them. Viewers may read it.
 */
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { pageUser, pageWorkflowAccess } from "@/lib/auth/request-access";
import { hasRole } from "@/lib/auth/roles";
import { listDatasets } from "@/lib/evaluations/datasets";
import { listEvaluations } from "@/lib/evaluations/evaluations";
import { getWorkflow } from "@/lib/workflow-store/repository";
import { listVersions } from "@/lib/workflow-store/versions";
import { PageShell } from "@/components/ui/page-shell";
import { buttonClassName } from "@/components/ui/button";
import { CompareForm } from "@/components/evaluations/compare-form";
import { DatasetList } from "@/components/evaluations/dataset-list";
import { EvaluationList } from "@/components/evaluations/evaluation-list";
import { NewDatasetForm } from "@/components/evaluations/new-dataset-form";
import { StartEvaluationForm } from "@/components/evaluations/start-evaluation-form";
import "@/components/evaluations/evaluations.css";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Evaluations" };

type PageProps = { params: Promise<{ id: string }>; searchParams: Promise<{ dataset?: string }> };

const MODEL_NODE_TYPES = new Set(["core.agent", "core.llm"]);

export default async function EvaluationsPage({ params, searchParams }: PageProps) {
  const { id } = await params;
  const user = await pageUser("viewer", `/workflows/${id}/evaluations`);
  await pageWorkflowAccess(user, id);
  const workflow = await getWorkflow(id);
  if (!workflow) notFound();
  const [datasets, evaluations, versions] = await Promise.all([
    listDatasets(id),
    listEvaluations(id),
    listVersions(id),
  ]);
  const canEdit = hasRole(user.role, "editor");
  const lastEvaluators: Record<string, unknown[]> = {};
  for (const evaluation of evaluations) lastEvaluators[evaluation.datasetId] ??= evaluation.evaluators;
  const modelNodes = workflow.graph.nodes
    .filter((node) => MODEL_NODE_TYPES.has(node.type))
    .map((node) => ({ id: node.id, label: node.data.label ?? node.id }));
  const filled = datasets.filter((dataset) => dataset.rowCount > 0);
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
        <div className="eval-section-head">
          <h2 className="eval-section-title">Datasets</h2>
          {canEdit && <NewDatasetForm workflowId={id} />}
        </div>
        <DatasetList workflowId={id} datasets={datasets} />
      </section>
      {canEdit && filled.length > 0 && (
        <section className="eval-section">
          <h2 className="eval-section-title">Start an evaluation</h2>
          <StartEvaluationForm
            workflowId={id}
            datasets={filled}
            versions={versions}
            lastEvaluators={lastEvaluators}
            modelNodes={modelNodes}
            initialDataset={(await searchParams).dataset}
          />
        </section>
      )}
      <section className="eval-section">
        <h2 className="eval-section-title">Evaluation runs</h2>
        <EvaluationList workflowId={id} evaluations={evaluations} />
        <CompareForm workflowId={id} evaluations={evaluations} />
      </section>
    </PageShell>
  );
}
