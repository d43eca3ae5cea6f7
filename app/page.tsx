/**
 * The home page: every workflow, newest first (open, rename, duplicate, delete), buttons to start a new one or import
 * one, and the template gallery.
 */
import { Plus, Workflow } from "lucide-react";
import { pageUser } from "@/lib/auth/request-access";
import { hasRole } from "@/lib/auth/roles";
import { visibleWorkflowsWhere } from "@/lib/auth/workflow-access";
import { listWorkflows, type WorkflowSummary } from "@/lib/workflow-store/repository";
import { workflowCosts } from "@/lib/runs/workflow-costs";
import { buttonClassName } from "@/components/ui/button";
import { PageShell } from "@/components/ui/page-shell";
import { formatRelativeTime } from "@/components/ui/format-relative-time";
import { ImportWorkflowButton } from "@/components/workflow-list/import-workflow-button";
import { WorkflowRow } from "@/components/workflow-list/workflow-row";
import { TemplateGallery } from "@/components/workflow-list/template-gallery";
import { TEMPLATES } from "@/lib/workflow-store/templates";
import { usesHostAccess } from "@/lib/workflow-store/templates-host-access";
import { createWorkflowAction } from "./workflows/actions";
import { WorkflowFilters } from "@/components/workflow-list/workflow-filters";
import { filterWorkflows, tagsOf } from "@/lib/workflow-store/list-filter";
import { listFolders } from "@/lib/workflow-store/folders";

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

type PageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const textParam = (value: string | string[] | undefined) => (typeof value === "string" && value ? value : undefined);

export default async function HomePage({ searchParams }: PageProps) {
  const user = await pageUser("viewer", "/");
  const canEdit = hasRole(user.role, "editor");
  const params = await searchParams;
  const filter = { q: textParam(params.q), tag: textParam(params.tag), folder: textParam(params.folder) };
  const [all, folders] = await Promise.all([listWorkflows(visibleWorkflowsWhere(user)), listFolders(user)]);
  const workflows = filterWorkflows(all, filter);
  const fileable = folders.filter((folder) => folder.access !== "view").map(({ id, name }) => ({ id, name }));
  const costs = await workflowCosts(workflows.map((workflow) => workflow.id));
  const now = new Date();
  return (
    <PageShell
      user={user}
      title="Workflows"
      subtitle="Draw a graph, wire tools into agents, press Run and watch it work."
      actions={
        canEdit && (
          <>
            <ImportWorkflowButton />
            {workflows.length > 0 && <NewWorkflowButton />}
          </>
        )
      }
    >
      {all.length > 0 && <WorkflowFilters filter={filter} folders={folders} tags={tagsOf(all)} />}
      {all.length === 0 ? (
        <NoWorkflows canEdit={canEdit} />
      ) : workflows.length === 0 ? (
        <p className="muted" data-testid="no-matching-workflows">
          No workflow matches these filters.
        </p>
      ) : (
        <WorkflowTable workflows={workflows} costs={costs} now={now} canEdit={canEdit} folders={fileable} />
      )}
      <TemplateGallery
        templates={TEMPLATES.map(({ id, name, description, icon, graph }) => ({
          id,
          name,
          description,
          icon,
          hostAccess: usesHostAccess(graph({})),
        }))}
        canCreate={canEdit}
      />
    </PageShell>
  );
}

/** What the page shows before anyone has made a workflow. */
function NoWorkflows({ canEdit }: { canEdit: boolean }) {
  return (
    <div className="empty-state">
      <span className="empty-state-icon">
        <Workflow size={22} aria-hidden />
      </span>
      <h2>No workflows yet</h2>
      <p>
        {canEdit
          ? "Start with an empty canvas: drop in an Entry and an Agent, then give the agent a tool."
          : "An editor has not made any workflows yet."}
      </p>
      {canEdit && <NewWorkflowButton />}
    </div>
  );
}

type WorkflowTableProps = {
  workflows: WorkflowSummary[];
  costs: Map<string, number>;
  now: Date;
  canEdit: boolean;
  folders: { id: string; name: string }[];
};

/** One row per workflow, with its cost so far and when it last changed. */
function WorkflowTable({ workflows, costs, now, canEdit, folders }: WorkflowTableProps) {
  return (
    <div className="table-card">
      <div className="table-head workflow-table-head" aria-hidden>
        <span>Name</span>
        <span>Folder</span>
        <span>Nodes</span>
        <span>Cost</span>
        <span>Updated</span>
        <span />
      </div>
      <ul className="table-rows">
        {workflows.map((workflow) => (
          <li key={workflow.id}>
            <WorkflowRow
              id={workflow.id}
              name={workflow.name}
              nodeCount={workflow.nodeCount}
              publishedVersion={workflow.publishedVersion}
              costUsd={costs.get(workflow.id) ?? 0}
              updatedAt={workflow.updatedAt.toISOString()}
              updatedLabel={formatRelativeTime(workflow.updatedAt, now)}
              updatedTitle={workflow.updatedAt.toLocaleString("en")}
              canEdit={canEdit}
              folderId={workflow.folderId}
              folderName={workflow.folderName}
              tags={workflow.tags}
              folders={folders}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}
