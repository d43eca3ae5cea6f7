/**
 * Insights (viewer): what production runs add up to over a window — headline figures, runs per day by status and
 * failure rate, p50/p95 duration, tokens and cost per workflow, the nodes and tools that fail most and the slowest
 * tools — filtered by workflow and time in the address; every figure links to the runs behind it.
 */
import type { Metadata } from "next";
import { ChartColumn } from "lucide-react";
import { pageUser } from "@/lib/auth/request-access";
import { visibleWorkflowIds, visibleWorkflowsWhere } from "@/lib/auth/workflow-access";
import { InsightsQuery } from "@/lib/insights/insights-window";
import { readInsights } from "@/lib/insights/read-insights";
import { listWorkflows } from "@/lib/workflow-store/repository";
import { PageShell } from "@/components/ui/page-shell";
import { InsightsBoard } from "@/components/insights/insights-board";
import { InsightsFilters } from "@/components/insights/insights-filters";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Insights" };

type PageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function InsightsPage({ searchParams }: PageProps) {
  const user = await pageUser("viewer", "/insights");
  const raw = Object.fromEntries(
    Object.entries(await searchParams).flatMap(([key, value]) =>
      typeof value === "string" && value !== "" && ["workflowId", "range", "from", "to"].includes(key)
        ? [[key, value]]
        : [],
    ),
  );
  const parsed = InsightsQuery.safeParse(raw);
  const query = parsed.success ? parsed.data : InsightsQuery.parse({});
  const visible = await visibleWorkflowIds(user);
  const [insights, workflows] = await Promise.all([
    readInsights(query, visible),
    listWorkflows(visibleWorkflowsWhere(user)),
  ]);
  return (
    <PageShell
      user={user}
      title="Insights"
      subtitle={
        "How production runs went: test runs from the editor and evaluations are left out. " +
        "Click a figure to see its runs."
      }
    >
      <InsightsFilters
        workflows={workflows.map(({ id, name }) => ({ id, name }))}
        current={{
          workflowId: query.workflowId,
          range: query.from ? "custom" : (query.range ?? "7d"),
          from: query.from?.slice(0, 10),
          to: query.to?.slice(0, 10),
        }}
      />
      {!parsed.success && (
        <p className="run-list-notice" data-testid="insights-notice">
          {`Some filters in the address were not understood (${parsed.error.issues[0].path.join(".")}: ` +
            `${parsed.error.issues[0].message}): showing the last 7 days.`}
        </p>
      )}
      {insights.totals.runs === 0 ? (
        <div className="empty-state" data-testid="insights-empty">
          <span className="empty-state-icon">
            <ChartColumn size={22} aria-hidden />
          </span>
          <h2>No runs in this window</h2>
          <p>
            Runs started by webhooks, schedules, the API, chats or the Run button show up here. Pick a longer time or
            another workflow.
          </p>
        </div>
      ) : (
        <InsightsBoard insights={insights} />
      )}
    </PageShell>
  );
}
