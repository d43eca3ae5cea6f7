"use client";
/**
 * The component palette: catalogue grouped by category; drag an item onto the canvas or click it to add at the centre.
 * "Browse MCP servers" opens the catalogue of well-known MCP servers.
 */
import { Search, Server, Wrench } from "lucide-react";
import { useMemo, useState, type DragEvent } from "react";
import type { ComponentMeta } from "@/lib/nodes/types";
import { CatalogueIcon } from "@/components/ui/icon";
import { usePaletteAdd } from "@/hooks/use-drag-and-drop";
import { Button } from "@/components/ui/button";
import { useEditorStore } from "./editor-store-context";
import { McpCatalogueDialog } from "./mcp/lazy-catalogue-dialog";

function groupByCategory(components: ComponentMeta[]): [string, ComponentMeta[]][] {
  const groups = new Map<string, ComponentMeta[]>();
  for (const component of components)
    groups.set(component.category, [...(groups.get(component.category) ?? []), component]);
  return [...groups];
}

export function Palette() {
  const catalogue = useEditorStore((state) => state.catalogue);
  const [query, setQuery] = useState("");
  const [browsing, setBrowsing] = useState(false);
  const { onDragStart, addAtCentre } = usePaletteAdd();
  const groups = useMemo(() => {
    const words = query.trim().toLowerCase();
    const matching = catalogue.filter(
      (c) => !words || `${c.label} ${c.description} ${c.category}`.toLowerCase().includes(words),
    );
    return groupByCategory(matching);
  }, [catalogue, query]);

  return (
    <aside className="palette" aria-label="Components" data-testid="palette">
      <div className="panel-heading">Components</div>
      <label className="palette-search">
        <Search size={14} aria-hidden />
        <input type="search" placeholder="Search components" value={query} onChange={(e) => setQuery(e.target.value)} />
      </label>
      <Button size="sm" className="palette-browse" onClick={() => setBrowsing(true)} data-testid="open-mcp-catalogue">
        <Server size={14} aria-hidden /> Browse MCP servers
      </Button>
      {browsing && <McpCatalogueDialog onClose={() => setBrowsing(false)} />}
      <div className="palette-groups">
        {groups.map(([category, components]) => (
          <section key={category} className="palette-group">
            <h3 className="palette-group-title">{category}</h3>
            {components.map((component) => (
              <PaletteItem
                key={component.id}
                component={component}
                onDragStart={(event) => onDragStart(event, component.id)}
                onClick={() => addAtCentre(component.id)}
              />
            ))}
          </section>
        ))}
        {groups.length === 0 && <p className="palette-empty">No component matches “{query}”.</p>}
      </div>
      <p className="palette-hint">Drag onto the canvas, or click to add.</p>
    </aside>
  );
}

type PaletteItemProps = { component: ComponentMeta; onDragStart: (event: DragEvent) => void; onClick: () => void };

function PaletteItem({ component, onDragStart, onClick }: PaletteItemProps) {
  return (
    <button
      type="button"
      className="palette-item"
      data-testid={`palette-item-${component.id}`}
      draggable
      onDragStart={onDragStart}
      onClick={onClick}
      title={`Drag onto the canvas, or click to add ${component.label}`}
    >
      <span className="palette-item-icon">
        <CatalogueIcon name={component.icon} size={16} />
      </span>
      <span className="palette-item-text">
        <span className="palette-item-label">
          {component.label}
          {component.tool && (
            <span className="palette-item-tool" title="Can be used as a tool by an agent">
              <Wrench size={11} aria-hidden /> tool
            </span>
          )}
        </span>
        <span className="palette-item-description">{component.description}</span>
      </span>
    </button>
  );
}
