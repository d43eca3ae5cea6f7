/**
 * A health dot on each MCP node of the run view's canvas. The canvas belongs to the editor, so
 * the dot is drawn from here with a style rule per node (`.react-flow__node[data-id]`), leaving
 * the node renderers untouched.
 */
import type { HealthStatus } from "./mcp-health";

const COLOURS: Record<HealthStatus, string> = { green: "#16a34a", yellow: "#ca8a04", red: "#dc2626" };

export function healthDotRules(byNode: Record<string, HealthStatus>): string {
  return Object.entries(byNode)
    .map(
      ([nodeId, status]) =>
        `.run-graph .react-flow__node[data-id=${JSON.stringify(nodeId)}]::after{content:"";position:absolute;top:-5px;left:-5px;width:10px;height:10px;border-radius:50%;border:2px solid #fff;background:${COLOURS[status]};}`,
    )
    .join("\n");
}

export function McpHealthDots({ byNode }: { byNode: Record<string, HealthStatus> }) {
  const rules = healthDotRules(byNode);
  return rules ? <style data-testid="mcp-health-dots">{rules}</style> : null;
}
