/** Two evaluations of a workflow compared (`?before=ID&after=ID`): pass rates, then each row's change. */
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { pageUser, pageWorkflowAccess } from "@/lib/auth/request-access";
import { compareEvaluations, getEvaluation } from "@/lib/evaluations/evaluations";
import { PageShell } from "@/components/ui/page-shell";
import { buttonClassName } from "@/components/ui/button";
import { EvaluationComparison } from "@/components/evaluations/evaluation-comparison";
import { sourceText } from "@/components/evaluations/format";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Compare evaluations" };

type PageProps = {
  params: Promise<{ id: string }>;
  searchParams: Promise<{ before?: string; after?: string }>;
};

export default async function CompareEvaluationsPage({ params, searchParams }: PageProps) {
  const { id } = await params;
  const { before: beforeId, after: afterId } = await searchParams;
  const user = await pageUser("viewer", `/workflows/${id}/evaluations/compare`);
  await pageWorkflowAccess(user, id);
  const [before, after] = await Promise.all([
    beforeId ? getEvaluation(beforeId, id) : null,
    afterId ? getEvaluation(afterId, id) : null,
  ]);
  if (!before || !after) notFound();
  const comparison = await compareEvaluations(before, after);
  const side = (evaluation: typeof before) => `${evaluation.datasetName} on ${sourceText(evaluation.version)}`;
  return (
    <PageShell
      user={user}
      title="Compare evaluations"
      subtitle={`Before: ${side(before)} · after: ${side(after)}`}
      actions={
        <Link className={buttonClassName("secondary", "sm")} href={`/workflows/${id}/evaluations`}>
          All evaluations
        </Link>
      }
    >
      <EvaluationComparison comparison={comparison} />
    </PageShell>
  );
}
