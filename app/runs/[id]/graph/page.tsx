/**
 * The exact graph a run used, read-only on the canvas: the published version it ran, or the draft as it was when it
 * started (viewer). Nothing is copied: "Open this version" used to make a new workflow on every click.
 */
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { pageUser, pageWorkflowAccess } from "@/lib/auth/request-access";
import { getDb } from "@/lib/db/client";
import { catalogueMetaText } from "@/lib/nodes";
import { toJsonText } from "@/lib/workflow/json-text";
import { hostToolsEnabled } from "@/lib/settings/host-tools";
import { WorkflowGraph } from "@/lib/workflow/graph";
import { buttonClassName } from "@/components/ui/button";
import { WorkflowEditor } from "@/components/editor/workflow-editor";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "The graph of a run" };

type PageProps = { params: Promise<{ id: string }> };

export default async function RunGraphPage({ params }: PageProps) {
  const { id } = await params;
  const user = await pageUser("viewer", `/runs/${id}/graph`);
  const run = await getDb().run.findUnique({
    where: { id },
    select: { graph: true, version: true, createdAt: true, workflowId: true, workflow: { select: { name: true } } },
  });
  const graph = run && WorkflowGraph.safeParse(run.graph);
  if (!run || !graph?.success) notFound();
  await pageWorkflowAccess(user, run.workflowId);
  const which = run.version ? `version ${run.version}` : `the draft as of ${run.createdAt.toISOString().slice(0, 16)}Z`;
  const banner = (
    <div className="version-banner" data-testid="version-banner">
      <Link className={buttonClassName("secondary", "sm")} href={`/runs/${id}`}>
        Back to the run
      </Link>
      <strong>The graph run {id.slice(0, 8)} used</strong>
      <span>{which}, read-only</span>
      {run.version && (
        <Link
          className={buttonClassName("ghost", "sm")}
          href={`/workflows/${run.workflowId}/versions/draft?against=${run.version}`}
        >
          Compare the draft with it
        </Link>
      )}
    </div>
  );
  return (
    <WorkflowEditor
      workflow={{ id: run.workflowId, name: run.workflow.name, graph: toJsonText(graph.data), version: "" }}
      catalogue={catalogueMetaText()}
      canEdit={false}
      hostTools={await hostToolsEnabled()}
      snapshot={{ banner }}
    />
  );
}
