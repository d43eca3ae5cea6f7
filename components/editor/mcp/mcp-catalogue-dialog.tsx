"use client";
/**
 * "Browse MCP servers": the catalogue of well-known MCP servers (lib/mcp-catalogue), searched, each card saying what it
 * installs; choosing one shows its settings, and Add puts it on the canvas configured as a person would by hand. An
 * entry with no required settings is added from its card in one click.
 */
import { Download, Globe, HardDrive, Plus, Search } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import type { McpServerConfig } from "@/lib/mcp/config";
import { configureServer, describeInstall, searchCatalogue, type CatalogueEntry } from "@/lib/mcp-catalogue";
import { Button } from "@/components/ui/button";
import { CatalogueIcon } from "@/components/ui/icon";
import { Modal } from "@/components/ui/modal";
import { cx } from "@/components/ui/class-names";
import { useEditorStore } from "../editor-store-context";
import { CatalogueEntrySetup } from "./catalogue-entry-setup";
import { useAddFromCatalogue, type AddAs } from "./use-add-from-catalogue";
import "./mcp-catalogue.css";

function LaunchBadge({ entry }: { entry: CatalogueEntry }) {
  const { launch } = entry;
  if (launch.kind === "bundled")
    return (
      <span className="mcp-catalogue-badge is-offline">
        <HardDrive size={11} aria-hidden /> Installed{entry.network ? "" : " · offline"}
      </span>
    );
  if (launch.kind === "remote")
    return (
      <span className="mcp-catalogue-badge">
        <Globe size={11} aria-hidden /> Remote{launch.oauth ? " · OAuth" : ""}
      </span>
    );
  return (
    <span className="mcp-catalogue-badge is-download">
      <Download size={11} aria-hidden /> {launch.kind} download
    </span>
  );
}

type CardProps = { entry: CatalogueEntry; chosen: boolean; onChoose: () => void; onQuickAdd?: () => void };

function EntryCard({ entry, chosen, onChoose, onQuickAdd }: CardProps) {
  return (
    <div className={cx("mcp-catalogue-card", chosen && "is-chosen")} data-testid={`mcp-catalogue-entry-${entry.id}`}>
      <button type="button" className="mcp-catalogue-card-main" onClick={onChoose} aria-pressed={chosen}>
        <span className="palette-item-icon">
          <CatalogueIcon name={entry.icon} size={16} />
        </span>
        <span className="palette-item-text">
          <span className="palette-item-label">
            {entry.title} <LaunchBadge entry={entry} />
          </span>
          <span className="palette-item-description">{entry.description}</span>
        </span>
      </button>
      {onQuickAdd && (
        <Button
          size="sm"
          onClick={onQuickAdd}
          title={describeInstall(entry).install}
          data-testid={`mcp-catalogue-quick-add-${entry.id}`}
        >
          <Plus size={13} aria-hidden /> Add
        </Button>
      )}
    </div>
  );
}

/** `addAs`: what Add makes at first — a node, or (from the workflow's MCP servers) a workflow-level server. */
export function McpCatalogueDialog({ onClose, addAs = "node" }: { onClose: () => void; addAs?: AddAs }) {
  const hostTools = useEditorStore((state) => state.hostTools ?? false);
  const showToast = useEditorStore((state) => state.showToast);
  const addFromCatalogue = useAddFromCatalogue();
  const [query, setQuery] = useState("");
  const [chosenId, setChosenId] = useState<string | null>(null);
  const entries = useMemo(() => searchCatalogue(query), [query]);
  const chosen = entries.find((entry) => entry.id === chosenId) ?? entries[0];
  useCloseOnEscape(onClose);

  const add = (entry: CatalogueEntry, config: McpServerConfig, as: AddAs) => {
    addFromCatalogue(entry, config, as);
    showToast(`Added ${entry.title}: wire its tool handle to an agent, or Discover its tools in the inspector.`);
    onClose();
  };
  const quickAdd = (entry: CatalogueEntry) => {
    const blocked = describeInstall(entry).runsOnHost && !hostTools;
    const ready = configureServer(entry, {});
    return blocked || !ready.ok ? undefined : () => add(entry, ready.config, addAs);
  };

  return (
    <Modal
      title="Browse MCP servers"
      testId="mcp-catalogue"
      className="mcp-catalogue-modal"
      actions={<Button onClick={onClose}>Close</Button>}
    >
      <div className="mcp-catalogue">
        <div className="mcp-catalogue-list">
          <SearchBox query={query} onChange={setQuery} />
          {entries.map((entry) => (
            <EntryCard
              key={entry.id}
              entry={entry}
              chosen={entry === chosen}
              onChoose={() => setChosenId(entry.id)}
              onQuickAdd={quickAdd(entry)}
            />
          ))}
          {entries.length === 0 && <p className="palette-empty">No MCP server matches “{query}”.</p>}
        </div>
        {chosen && (
          <CatalogueEntrySetup
            key={chosen.id}
            entry={chosen}
            hostTools={hostTools}
            addAs={addAs}
            onAdd={(config, as) => add(chosen, config, as)}
          />
        )}
      </div>
    </Modal>
  );
}

function useCloseOnEscape(onClose: () => void) {
  useEffect(() => {
    const closeOnEscape = (event: KeyboardEvent) => event.key === "Escape" && onClose();
    window.addEventListener("keydown", closeOnEscape);
    return () => window.removeEventListener("keydown", closeOnEscape);
  }, [onClose]);
}

function SearchBox({ query, onChange }: { query: string; onChange: (query: string) => void }) {
  return (
    <label className="palette-search">
      <Search size={14} aria-hidden />
      <input
        type="search"
        autoFocus
        placeholder="Search servers"
        value={query}
        onChange={(event) => onChange(event.target.value)}
        data-testid="mcp-catalogue-search"
      />
    </label>
  );
}
