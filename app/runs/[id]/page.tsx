/** The run view page: loads the run, its graph and the events so far, and hands them to the live client view. */
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { callerSeesWorkflow, pageUser, pageWorkflowAccess } from "@/lib/auth/request-access";
import { hasRole } from "@/lib/auth/roles";
import { getDb } from "@/lib/db/client";
import { catalogueMeta } from "@/lib/nodes";
import { listEvents } from "@/lib/runs/read-events";
import { describeRunOrigin } from "@/lib/runs/run-origin";
import { RunTrigger } from "@/lib/runs/run-trigger";
import { emptyGraph, WorkflowGraph } from "@/lib/workflow/graph";
import { RunView } from "@/components/run-view/run-view";

export const dynamic = "force-dynamic";

type PageProps = { params: Promise<{ id: string }> };

// Metadata and page both need the run: one query per request.
const loadRun = cache((id: string) =>
  getDb().run.findUnique({
    where: { id },
    select: {
      id: true,
      workflowId: true,
      status: true,
      graph: true,
      error: true,
      input: true,
      parentRunId: true,
      trigger: true,
      version: true,
      workflow: { select: { name: true } },
    },
  }),
);

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const run = await loadRun((await params).id);
  return { title: run && (await callerSeesWorkflow(run.workflowId)) ? `Run of ${run.workflow.name}` : "Run not found" };
}

export default async function RunPage({ params }: PageProps) {
  const { id } = await params;
  const user = await pageUser("viewer", `/runs/${id}`);
  const run = await loadRun(id);
  if (!run) notFound();
  const access = await pageWorkflowAccess(user, run.workflowId);
  // The graph the run was started with, not the workflow as edited since.
  const graph = WorkflowGraph.safeParse(run.graph);
  const initialEvents = await listEvents(run.id);
  return (
    <RunView
      run={{
        id: run.id,
        workflowId: run.workflowId,
        workflowName: run.workflow.name,
        status: run.status,
        error: run.error,
        input: run.input,
        parentRunId: run.parentRunId,
        origin: describeRunOrigin(RunTrigger.safeParse(run.trigger).data ?? null, run.version),
      }}
      graph={graph.success ? graph.data : emptyGraph()}
      catalogue={catalogueMeta()}
      initialEvents={initialEvents}
      canAct={hasRole(user.role, "editor") && access === "edit"}
    />
  );
}
