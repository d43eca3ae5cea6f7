/**
 * A health dot on each MCP node of a canvas following a run (the run view's, or the editor's while
 * a run is going). The canvas belongs to the editor, so the dot is drawn with a style rule per node
 * (`.react-flow__node[data-id]`) under the canvas's `scope` selector, leaving the node renderers untouched.
 */
import type { HealthStatus } from "./mcp-health";

const COLOURS: Record<HealthStatus, string> = { green: "#16a34a", yellow: "#ca8a04", red: "#dc2626" };

export function healthDotRules(byNode: Record<string, HealthStatus>, scope = ".run-graph"): string {
  return Object.entries(byNode)
    .map(
      ([nodeId, status]) =>
        `${scope} .react-flow__node[data-id=${JSON.stringify(nodeId)}]::after{content:"";position:absolute;` +
        `top:-5px;left:-5px;width:10px;height:10px;border-radius:50%;border:2px solid #fff;` +
        `background:${COLOURS[status]};}`,
    )
    .join("\n");
}

export function McpHealthDots({ byNode, scope }: { byNode: Record<string, HealthStatus>; scope?: string }) {
  const rules = healthDotRules(byNode, scope);
  return rules ? <style data-testid="mcp-health-dots">{rules}</style> : null;
}
