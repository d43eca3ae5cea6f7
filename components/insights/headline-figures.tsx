/** The figures atop Insights: runs, failure rate, p50/p95 duration, tokens and cost, each a link to its runs. */
import Link from "next/link";
import type { Insights } from "@/lib/insights/read-insights";
import { formatUsd } from "@/lib/settings/format-usd";
import { formatDuration } from "@/components/run-view/format-duration";
import { formatCount, formatPercent, runsHref } from "./runs-href";

type Figure = { id: string; label: string; value: string; detail: string; href: string; tone?: "danger" };

function figuresOf({ totals, window, workflowId }: Insights): Figure[] {
  const behind = { from: window.from, to: window.to, workflowId };
  const all = runsHref(behind);
  const duration = (ms: number | null) => (ms === null ? "—" : formatDuration(ms));
  return [
    {
      id: "runs",
      label: "Runs",
      value: formatCount(totals.runs),
      detail: `${formatCount(totals.counts.completed)} completed`,
      href: all,
    },
    {
      id: "failure-rate",
      label: "Failure rate",
      value: formatPercent(totals.failureRate),
      detail: `${formatCount(totals.counts.failed)} of ${formatCount(totals.finished)} finished runs failed`,
      href: runsHref({ ...behind, status: "failed" }),
      tone: totals.counts.failed > 0 ? "danger" : undefined,
    },
    { id: "p50", label: "p50 duration", value: duration(totals.p50Ms), detail: "half the runs took less", href: all },
    { id: "p95", label: "p95 duration", value: duration(totals.p95Ms), detail: "19 in 20 runs took less", href: all },
    {
      id: "tokens",
      label: "Tokens",
      value: formatCount(totals.tokens),
      detail: "input and output, all models",
      href: all,
    },
    { id: "cost", label: "Cost", value: formatUsd(totals.costUsd), detail: "by the model price table", href: all },
  ];
}

export function HeadlineFigures({ insights }: { insights: Insights }) {
  return (
    <div className="insights-figures" data-testid="insights-figures">
      {figuresOf(insights).map((figure) => (
        <Link
          key={figure.id}
          href={figure.href}
          className="insights-figure"
          data-testid={`figure-${figure.id}`}
          data-tone={figure.tone}
        >
          <span className="insights-figure-label">{figure.label}</span>
          <span className="insights-figure-value" data-testid="figure-value">
            {figure.value}
          </span>
          <span className="insights-figure-detail">{figure.detail}</span>
        </Link>
      ))}
    </div>
  );
}
