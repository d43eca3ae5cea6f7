/**
 * The run history across workflows (or one, with ?workflowId=): status, workflow, start, duration and tokens, filtered
 * and paged.
 */
import type { Metadata } from "next";
import { History } from "lucide-react";
import { pageUser } from "@/lib/auth/request-access";
import { visibleWorkflowIds, visibleWorkflowsWhere } from "@/lib/auth/workflow-access";
import { listRuns, RunListQuery } from "@/lib/runs/list-runs";
import { listWorkflows } from "@/lib/workflow-store/repository";
import { PageShell } from "@/components/ui/page-shell";
import { ListPaging } from "@/components/run-list/list-paging";
import { RunFilters } from "@/components/run-list/run-filters";
import { RunTable } from "@/components/run-list/run-table";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Runs" };

const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 24 * 60 * 60 * 1000).toISOString();

/** The query string's filters, as typed (for the form and paging) and as the list reads them. */
function readFilters(searchParams: Record<string, string | string[] | undefined>) {
  const raw = Object.fromEntries(
    Object.entries(searchParams).flatMap(([key, value]) =>
      typeof value === "string" && value !== "" ? [[key, value]] : [],
    ),
  );
  // The form's "until" is a day, included: the list wants the instant after it.
  const parsed = RunListQuery.safeParse(
    /^\d{4}-\d{2}-\d{2}$/.test(raw.until ?? "") ? { ...raw, until: dayAfter(raw.until) } : raw,
  );
  return { raw, parsed, query: parsed.success ? parsed.data : RunListQuery.parse({}) };
}

function NoRuns({ filtered }: { filtered: boolean }) {
  return (
    <div className="empty-state">
      <span className="empty-state-icon">
        <History size={22} aria-hidden />
      </span>
      <h2>{filtered ? "No runs match these filters" : "No runs yet"}</h2>
      <p>
        {filtered
          ? "Try another status or workflow, or clear the filters."
          : "Open a workflow and press Run: every run is kept here."}
      </p>
    </div>
  );
}

type PageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function RunsPage({ searchParams }: PageProps) {
  const user = await pageUser("viewer", "/runs");
  const { raw, parsed, query } = readFilters(await searchParams);
  const visible = await visibleWorkflowIds(user);
  const [page, workflows] = await Promise.all([
    listRuns(query, visible).catch(() => listRuns({ ...query, cursor: undefined }, visible)),
    listWorkflows(visibleWorkflowsWhere(user)),
  ]);
  const workflowName = query.workflowId
    ? workflows.find((workflow) => workflow.id === query.workflowId)?.name
    : undefined;
  const filtered = Boolean(
    query.workflowId ||
    query.status ||
    query.since ||
    query.until ||
    query.failedNode ||
    query.tool ||
    query.failedTool,
  );
  return (
    <PageShell
      user={user}
      title={workflowName ? `Runs of ${workflowName}` : "Runs"}
      subtitle="Every run, newest first: open one to see what happened, or run it again."
    >
      <RunFilters
        workflows={workflows.map(({ id, name }) => ({ id, name }))}
        current={{
          workflowId: query.workflowId,
          status: query.status,
          since: raw.since,
          until: raw.until,
          tests: query.tests,
          failedNode: query.failedNode,
          tool: query.tool,
          failedTool: query.failedTool,
        }}
      />
      {!parsed.success && (
        <p className="run-list-notice">Some filters in the address were not understood and were left out.</p>
      )}
      {page.runs.length === 0 ? (
        <NoRuns filtered={filtered} />
      ) : (
        <RunTable runs={page.runs} showWorkflow={!query.workflowId} />
      )}
      <ListPaging
        path="/runs"
        params={raw}
        cursor={query.cursor}
        nextCursor={page.nextCursor}
        olderLabel="Older runs"
        olderTestId="runs-older"
      />
    </PageShell>
  );
}
