/**
 * What a tool-mode node offers, under its ports: a component's tool name and the inputs the agent
 * fills, or for an MCP source the `{source}__*` names, where each server is, and its tool filter.
 */
import type { ComponentMeta } from "@/lib/nodes/types";
import { toolSourceSummary } from "@/lib/mcp/tool-source-summary";
import type { EditorNodeData } from "../graph-conversion";
import { agentInputs, toolName } from "../tool-shape";

export function ToolSummary({ data, meta }: { data: EditorNodeData; meta: ComponentMeta }) {
  if (!meta.tool?.discovered) {
    return (
      <div className="node-tool-summary">
        <code>{toolName(data, meta)}</code>
        <span>agent fills {agentInputs(data, meta).join(", ") || "nothing"}</span>
      </div>
    );
  }
  const lines = toolSourceSummary({ type: data.componentType, label: data.label, params: data.params });
  return (
    <div className="node-tool-summary" data-testid="mcp-tool-summary">
      {lines.length === 0 && <span>no servers yet</span>}
      {lines.map((line) => (
        <div key={line.names} className="node-tool-source">
          <div className="node-tool-source-name">
            <code>{line.names}</code>
            <span>{line.filter}</span>
          </div>
          <span className="node-tool-source-where" title={line.where}>
            {line.where}
          </span>
        </div>
      ))}
    </div>
  );
}
