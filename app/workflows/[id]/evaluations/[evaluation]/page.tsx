/**
 * One evaluation: its progress while it runs (followed live), its figures and each row's verdicts with their reasons,
 * tokens, cost, time and run.
 */
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { pageUser, pageWorkflowAccess } from "@/lib/auth/request-access";
import { findDataset } from "@/lib/evaluations/datasets";
import { evaluationResults, getEvaluation } from "@/lib/evaluations/evaluations";
import { PageShell } from "@/components/ui/page-shell";
import { buttonClassName } from "@/components/ui/button";
import { EvaluationFigures } from "@/components/evaluations/evaluation-summary";
import { EvaluationProgress } from "@/components/evaluations/evaluation-progress";
import { EvaluationResults } from "@/components/evaluations/evaluation-results";
import { sourceText } from "@/components/evaluations/format";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Evaluation" };

type PageProps = { params: Promise<{ id: string; evaluation: string }> };

export default async function EvaluationPage({ params }: PageProps) {
  const { id, evaluation: evaluationId } = await params;
  const user = await pageUser("viewer", `/workflows/${id}/evaluations/${evaluationId}`);
  await pageWorkflowAccess(user, id);
  const evaluation = await getEvaluation(evaluationId, id);
  if (!evaluation) notFound();
  const [results, dataset] = await Promise.all([
    evaluationResults(evaluation.id),
    findDataset(id, evaluation.datasetId),
  ]);
  return (
    <PageShell
      user={user}
      title={`Evaluation of ${evaluation.datasetName} on ${sourceText(evaluation.version)}`}
      subtitle={`${evaluation.status} · started ${new Date(evaluation.createdAt).toLocaleString("en")}`}
      actions={
        <Link className={buttonClassName("secondary", "sm")} href={`/workflows/${id}/evaluations`}>
          All evaluations
        </Link>
      }
    >
      <EvaluationProgress
        workflowId={id}
        evaluationId={evaluation.id}
        status={evaluation.status}
        rows={dataset?.rowCount ?? results.length}
        scored={results.filter((result) => result.pass !== null).length}
      />
      {evaluation.error && <p className="run-table-error">{evaluation.error}</p>}
      {evaluation.summary && <EvaluationFigures summary={evaluation.summary} />}
      <EvaluationResults results={results} />
    </PageShell>
  );
}
