/** The home page: every workflow, newest first, and a button to start a new one. */
import { ChevronRight, Plus, Workflow } from "lucide-react";
import Link from "next/link";
import { listWorkflows } from "@/lib/workflows/repository";
import { AppHeader } from "@/components/ui/app-header";
import { buttonClassName } from "@/components/ui/button";
import { formatRelativeTime } from "@/components/ui/format-relative-time";
import { createWorkflowAction } from "./workflows/actions";

export const dynamic = "force-dynamic";

function NewWorkflowButton() {
  return (
    <form action={createWorkflowAction}>
      <button type="submit" className={buttonClassName("primary")} data-testid="new-workflow">
        <Plus size={15} aria-hidden /> New workflow
      </button>
    </form>
  );
}

export default async function HomePage() {
  const workflows = await listWorkflows();
  const now = new Date();
  return (
    <div className="page">
      <AppHeader />
      <main className="page-content">
        <div className="page-title-row">
          <div>
            <h1 className="page-title">Workflows</h1>
            <p className="page-subtitle">Draw a graph, wire tools into agents, press Run and watch it work.</p>
          </div>
          {workflows.length > 0 && <NewWorkflowButton />}
        </div>

        {workflows.length === 0 ? (
          <div className="empty-state">
            <span className="empty-state-icon">
              <Workflow size={22} aria-hidden />
            </span>
            <h2>No workflows yet</h2>
            <p>Start with an empty canvas: drop in an Entry and an Agent, then give the agent a tool.</p>
            <NewWorkflowButton />
          </div>
        ) : (
          <div className="table-card">
            <div className="table-head" aria-hidden>
              <span>Name</span>
              <span>Nodes</span>
              <span>Updated</span>
              <span />
            </div>
            <ul className="table-rows">
              {workflows.map((workflow) => (
                <li key={workflow.id}>
                  <Link href={`/workflows/${workflow.id}`} className="table-row" data-testid="workflow-row">
                    <span className="workflow-row-name">
                      <span className="workflow-row-icon">
                        <Workflow size={15} aria-hidden />
                      </span>
                      {workflow.name}
                    </span>
                    <span className="muted">
                      {workflow.nodeCount} node{workflow.nodeCount === 1 ? "" : "s"}
                    </span>
                    <time className="muted" dateTime={workflow.updatedAt.toISOString()} title={workflow.updatedAt.toLocaleString("en")}>
                      {formatRelativeTime(workflow.updatedAt, now)}
                    </time>
                    <ChevronRight size={16} className="table-row-chevron" aria-hidden />
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        )}
      </main>
    </div>
  );
}
