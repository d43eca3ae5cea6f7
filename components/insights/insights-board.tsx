/** The Insights page's body for a window with runs: headline figures, then charts in cards, then the tables. */
import type { ReactNode } from "react";
import type { Insights } from "@/lib/insights/read-insights";
import { DurationChart } from "./duration-chart";
import { FailingNodes, FailingTools, SlowestTools } from "./failure-tables";
import { HeadlineFigures } from "./headline-figures";
import { RunsChart } from "./runs-chart";
import { SpendChart } from "./spend-chart";
import "./insights.css";

function Card({
  title,
  note,
  testId,
  wide,
  children,
}: {
  title: string;
  note?: string;
  testId: string;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <section className="insights-card" data-wide={wide} data-testid={testId} aria-label={title}>
      <header className="insights-card-head">
        <h2>{title}</h2>
        {note && <span>{note}</span>}
      </header>
      {children}
    </section>
  );
}

export function InsightsBoard({ insights }: { insights: Insights }) {
  const per = insights.window.bucket === "hour" ? "per hour (UTC)" : "per day (UTC)";
  return (
    <>
      <HeadlineFigures insights={insights} />
      <div className="insights-grid">
        <Card title="Runs by status" note={`${per} · click a bar for its runs`} testId="chart-runs" wide>
          <RunsChart buckets={insights.buckets} bucket={insights.window.bucket} workflowId={insights.workflowId} />
        </Card>
        <Card title="Duration" note="p50 and p95 of completed and failed runs" testId="chart-duration" wide>
          <DurationChart buckets={insights.buckets} bucket={insights.window.bucket} />
        </Card>
        <Card title="Tokens per workflow" note={per} testId="chart-tokens">
          <SpendChart insights={insights} metric="tokens" />
        </Card>
        <Card title="Cost per workflow" note={per} testId="chart-cost">
          <SpendChart insights={insights} metric="costUsd" />
        </Card>
        <Card title="Nodes that fail most" note="runs a node failed in" testId="card-failing-nodes">
          <FailingNodes insights={insights} />
        </Card>
        <Card title="Tools that fail most" note="errors and blocked calls" testId="card-failing-tools">
          <FailingTools insights={insights} />
        </Card>
        <Card title="Slowest tools" note="by p95 of their calls" testId="card-slowest-tools" wide>
          <SlowestTools insights={insights} />
        </Card>
      </div>
    </>
  );
}
