/** The run view's MCP section: a status dot per MCP server with a health check, while the run lives. */
import { Activity } from "lucide-react";
import type { SourceHealth } from "./mcp-health";
import { PanelSection } from "./panel-section";

const WORDS = { green: "Healthy", yellow: "Slow", red: "Not answering" } as const;

export function McpHealthSection({ health, labelOf }: { health: SourceHealth[]; labelOf: (nodeId: string) => string }) {
  if (health.length === 0) return null;
  return (
    <PanelSection
      title="MCP servers"
      icon={<Activity size={14} aria-hidden />}
      count={health.length}
      testId="mcp-health"
    >
      <ul className="mcp-health-list">
        {health.map((source) => (
          <li
            key={source.nodeId}
            className="mcp-health-row"
            data-testid={`mcp-health-${source.nodeId}`}
            data-status={source.status}
          >
            <span className={`health-dot health-dot-${source.status}`} aria-hidden />
            <span className="mcp-health-name">{labelOf(source.nodeId)}</span>
            <span className="mcp-health-state" title={source.error}>
              {WORDS[source.status]}
              {source.latencyMs !== undefined && source.status !== "red" ? ` · ${source.latencyMs} ms` : ""}
            </span>
          </li>
        ))}
      </ul>
    </PanelSection>
  );
}
