"use client";
/** Choosing which of a server's tools the agent gets: all, only the ticked ones, or all but the ticked ones. */
import type { ToolFilter } from "@/lib/mcp/config";
import { cx } from "@/components/ui/class-names";

type DiscoveredTool = { name: string; description?: string };

const MODES: { value: ToolFilter["mode"]; label: string }[] = [
  { value: "all", label: "All" },
  { value: "selected", label: "Selected" },
  { value: "except", label: "All except" },
];

export function offeredCount(tools: DiscoveredTool[], filter: ToolFilter): number {
  if (filter.mode === "selected") return tools.filter((t) => filter.tools.includes(t.name)).length;
  if (filter.mode === "except") return tools.filter((t) => !filter.tools.includes(t.name)).length;
  return tools.length;
}

export function ToolFilterPicker({
  tools,
  filter,
  onChange,
}: {
  tools?: DiscoveredTool[];
  filter: ToolFilter;
  onChange: (filter: ToolFilter) => void;
}) {
  const listed: DiscoveredTool[] = tools ?? filter.tools.map((name) => ({ name }));
  const toggle = (name: string) =>
    onChange({
      ...filter,
      tools: filter.tools.includes(name) ? filter.tools.filter((t) => t !== name) : [...filter.tools, name],
    });
  return (
    <div className="mcp-filter">
      <div className="mcp-filter-modes" role="radiogroup" aria-label="Tools the agent gets">
        {MODES.map((mode) => (
          <label key={mode.value} className={cx("mcp-filter-mode", filter.mode === mode.value && "mcp-filter-mode-on")}>
            <input
              type="radio"
              data-testid={`tool-filter-${mode.value}`}
              checked={filter.mode === mode.value}
              onChange={() => onChange({ ...filter, mode: mode.value })}
            />
            {mode.label}
          </label>
        ))}
      </div>
      {tools && (
        <p className="field-help" data-testid="tool-filter-summary">
          {offeredCount(tools, filter)} of {tools.length} tools offered to the agent
        </p>
      )}
      {listed.length > 0 && (
        <ul className="mcp-tool-list">
          {listed.map((tool) => (
            <ToolChoice key={tool.name} tool={tool} filter={filter} onToggle={() => toggle(tool.name)} />
          ))}
        </ul>
      )}
    </div>
  );
}

/** One tool, dimmed when the filter leaves it out; with a box to tick unless every tool is offered. */
function ToolChoice({ tool, filter, onToggle }: { tool: DiscoveredTool; filter: ToolFilter; onToggle: () => void }) {
  const ticked = filter.tools.includes(tool.name);
  const offered = filter.mode === "all" || (filter.mode === "selected" ? ticked : !ticked);
  return (
    <li className={cx("mcp-tool", !offered && "mcp-tool-off")} data-testid={`mcp-tool-${tool.name}`}>
      <label>
        {filter.mode !== "all" && (
          <input
            type="checkbox"
            checked={ticked}
            onChange={onToggle}
            aria-label={`${filter.mode === "selected" ? "Offer" : "Hide"} ${tool.name}`}
          />
        )}
        <span className="mcp-tool-name">{tool.name}</span>
      </label>
      {tool.description && <p className="mcp-tool-description">{tool.description}</p>}
    </li>
  );
}
