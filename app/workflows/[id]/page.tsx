/**
 * The editor page: loads the workflow and hands it, with the catalogue's metadata (never its execute code), each
 * node's latest output (the data panel's) and what the other panels read at once (editor-reads.ts), to the client
 * editor, so an open needs no second request.
 */
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { callerSeesWorkflow, pageUser, pageWorkflowAccess } from "@/lib/auth/request-access";
import { hasRole } from "@/lib/auth/roles";
import { catalogueMetaText } from "@/lib/nodes";
import { toJsonText } from "@/lib/workflow/json-text";
import { hostToolsEnabled } from "@/lib/settings/host-tools";
import { findActiveRunId } from "@/lib/runs/active-run";
import { latestNodeOutputs } from "@/lib/runs/recorded-outputs";
import { getWorkflow } from "@/lib/workflow-store/repository";
import { WorkflowEditor } from "@/components/editor/workflow-editor";
import { editorReadsAtOpen } from "./editor-reads";

export const dynamic = "force-dynamic";

type PageProps = { params: Promise<{ id: string }> };

// Metadata and page both need the workflow: one query per request.
const loadWorkflow = cache(getWorkflow);

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const { id } = await params;
  if (!(await callerSeesWorkflow(id))) return { title: "Workflow not found" }; // a name is not for strangers
  const workflow = await loadWorkflow(id);
  return { title: workflow?.name ?? "Workflow not found" };
}

export default async function WorkflowEditorPage({ params }: PageProps) {
  const { id } = await params;
  const user = await pageUser("viewer", `/workflows/${id}`);
  const access = await pageWorkflowAccess(user, id);
  const workflow = await loadWorkflow(id);
  if (!workflow) notFound();
  const [activeRunId, hostTools, latestOutputs, reads] = await Promise.all([
    findActiveRunId(workflow.id),
    hostToolsEnabled(),
    latestNodeOutputs(workflow.id),
    editorReadsAtOpen(user, workflow.id),
  ]);
  return (
    <WorkflowEditor
      workflow={{
        id: workflow.id,
        name: workflow.name,
        graph: toJsonText(workflow.graph),
        version: workflow.updatedAt.toISOString(),
        publishedVersion: workflow.publishedVersion,
      }}
      catalogue={catalogueMetaText()}
      activeRunId={activeRunId}
      latestOutputs={toJsonText(latestOutputs)}
      reads={toJsonText(reads)}
      canEdit={hasRole(user.role, "editor") && access === "edit"}
      hostTools={hostTools}
    />
  );
}
