/**
 * The audit trail of tool calls across runs (viewer): every call that reached the gateway, filtered by workflow, tool,
 * caller and outcome, newest first, in pages.
 */
import type { Metadata } from "next";
import { ShieldCheck } from "lucide-react";
import { pageUser } from "@/lib/auth/request-access";
import { visibleWorkflowIds } from "@/lib/auth/workflow-access";
import { auditFilterChoices, listToolCalls, ToolCallAuditQuery } from "@/lib/audit/list-tool-calls";
import { sql } from "@/lib/db/sql";
import { PageShell } from "@/components/ui/page-shell";
import { ListPaging } from "@/components/run-list/list-paging";
import { AuditFilters } from "@/components/audit/audit-filters";
import { AuditTable } from "@/components/audit/audit-table";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Tool calls" };

type PageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function AuditPage({ searchParams }: PageProps) {
  const user = await pageUser("viewer", "/audit");
  const raw = Object.fromEntries(
    Object.entries(await searchParams).flatMap(([key, value]) =>
      typeof value === "string" && value !== "" ? [[key, value]] : [],
    ),
  );
  const parsed = ToolCallAuditQuery.safeParse(raw);
  const query = parsed.success ? parsed.data : ToolCallAuditQuery.parse({});
  const visible = await visibleWorkflowIds(user);
  const [page, choices] = await Promise.all([
    listToolCalls(query, visible).catch(() => listToolCalls({ ...query, cursor: undefined }, visible)),
    auditFilterChoices(visible),
  ]);
  const runIds = [...new Set(page.calls.map((call) => call.runId))];
  const live = runIds.length === 0 ? [] : await sql<{ id: string }>`SELECT id FROM "Run" WHERE id = ANY(${runIds})`;
  const filtered = Boolean(query.workflowId || query.tool || query.caller || query.outcome);
  return (
    <PageShell
      user={user}
      title="Tool calls"
      subtitle={
        "Every tool call that reached the gateway, from Switchboard's own agents and from outside ones — " +
        "kept after its workflow is deleted."
      }
    >
      <AuditFilters
        workflows={choices.workflows}
        tools={choices.tools}
        current={{ workflowId: query.workflowId, tool: query.tool, caller: query.caller, outcome: query.outcome }}
      />
      {!parsed.success && (
        <p className="run-list-notice">Some filters in the address were not understood and were left out.</p>
      )}
      {page.calls.length === 0 ? (
        <div className="empty-state">
          <span className="empty-state-icon">
            <ShieldCheck size={22} aria-hidden />
          </span>
          <h2>{filtered ? "No tool calls match these filters" : "No tool calls yet"}</h2>
          <p>
            {filtered
              ? "Try another tool or outcome, or clear the filters."
              : "Run a workflow whose agent has tools: each call it makes is recorded here."}
          </p>
        </div>
      ) : (
        <AuditTable calls={page.calls} liveRunIds={new Set(live.map((row) => row.id))} />
      )}
      <ListPaging
        path="/audit"
        params={raw}
        cursor={query.cursor}
        nextCursor={page.nextCursor}
        olderLabel="Older calls"
        olderTestId="audit-older"
      />
    </PageShell>
  );
}
