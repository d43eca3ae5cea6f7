/**
 * The tables under the charts: the nodes that failed in most runs, the tools whose calls fail most and the slowest
 * tools, each row's count a link to the runs behind it.
 */
import Link from "next/link";
import type { Insights } from "@/lib/insights/read-insights";
import { formatDuration } from "@/components/run-view/format-duration";
import { formatCount, formatPercent, runsHref } from "./runs-href";

type TableProps = { insights: Insights };
const ms = (value: number | null) => (value === null ? "—" : formatDuration(value));

function Empty({ children }: { children: string }) {
  return <p className="insights-table-empty">{children}</p>;
}

export function FailingNodes({ insights }: TableProps) {
  const { from, to } = insights.window;
  if (insights.failingNodes.length === 0) return <Empty>No node failed in these runs.</Empty>;
  return (
    <table className="insights-table" data-testid="failing-nodes">
      <thead>
        <tr>
          <th>Node</th>
          <th>Workflow</th>
          <th className="is-number">Failures</th>
          <th className="is-number">Runs</th>
        </tr>
      </thead>
      <tbody>
        {insights.failingNodes.map((node) => (
          <tr key={`${node.workflowId}/${node.nodeId}`} data-testid="failing-node">
            <td>
              <span className="insights-name">{node.label ?? node.nodeId}</span>
              {node.label && node.label !== node.nodeId && <code className="insights-id">{node.nodeId}</code>}
            </td>
            <td className="insights-muted">{node.workflowName}</td>
            <td className="is-number">{formatCount(node.failures)}</td>
            <td className="is-number">
              <Link href={runsHref({ from, to, workflowId: node.workflowId, failedNode: node.nodeId })}>
                {formatCount(node.runs)}
              </Link>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function FailingTools({ insights }: TableProps) {
  const { window, workflowId } = insights;
  if (insights.failingTools.length === 0) return <Empty>No tool call failed in these runs.</Empty>;
  return (
    <table className="insights-table" data-testid="failing-tools">
      <thead>
        <tr>
          <th>Tool</th>
          <th className="is-number">Failed calls</th>
          <th className="is-number">Of calls</th>
          <th className="is-number">Runs</th>
        </tr>
      </thead>
      <tbody>
        {insights.failingTools.map((tool) => (
          <tr key={tool.toolName} data-testid="failing-tool">
            <td>
              <code className="insights-name">{tool.toolName}</code>
            </td>
            <td className="is-number insights-danger">{formatCount(tool.failedCalls)}</td>
            <td className="is-number insights-muted">
              {formatCount(tool.calls)} · {formatPercent(tool.failedCalls / tool.calls)}
            </td>
            <td className="is-number">
              <Link href={runsHref({ from: window.from, to: window.to, workflowId, failedTool: tool.toolName })}>
                {formatCount(tool.failedRuns)}
              </Link>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function SlowestTools({ insights }: TableProps) {
  const { window, workflowId } = insights;
  if (insights.slowestTools.length === 0) return <Empty>No tool was called in these runs.</Empty>;
  return (
    <table className="insights-table" data-testid="slowest-tools">
      <thead>
        <tr>
          <th>Tool</th>
          <th className="is-number">p50</th>
          <th className="is-number">p95</th>
          <th className="is-number">Slowest</th>
          <th className="is-number">Runs</th>
        </tr>
      </thead>
      <tbody>
        {insights.slowestTools.map((tool) => (
          <tr key={tool.toolName} data-testid="slowest-tool">
            <td>
              <code className="insights-name">{tool.toolName}</code>
            </td>
            <td className="is-number">{ms(tool.p50Ms)}</td>
            <td className="is-number">{ms(tool.p95Ms)}</td>
            <td className="is-number insights-muted">{ms(tool.maxMs)}</td>
            <td className="is-number">
              <Link href={runsHref({ from: window.from, to: window.to, workflowId, tool: tool.toolName })}>
                {formatCount(tool.runs)}
              </Link>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
