"use client";
/**
 * One catalogue entry before it is added: what it is, what it will download or run and whether it needs the network,
 * its settings, the exact command line (or URL) they make, and where to add it (a node, or a workflow-level server).
 */
import { ExternalLink, Plus, TriangleAlert } from "lucide-react";
import { useState } from "react";
import type { McpServerConfig } from "@/lib/mcp/config";
import { commandLine, configureServer, describeInstall, type CatalogueEntry } from "@/lib/mcp-catalogue";
import { Button } from "@/components/ui/button";
import { CatalogueIcon } from "@/components/ui/icon";
import { CatalogueSettingsForm } from "./catalogue-settings-form";
import type { AddAs } from "./use-add-from-catalogue";

type Props = {
  entry: CatalogueEntry;
  hostTools: boolean;
  addAs: AddAs;
  onAdd: (config: McpServerConfig, as: AddAs) => void;
};

export function CatalogueEntrySetup({ entry, hostTools, addAs, onAdd }: Props) {
  const [values, setValues] = useState<Record<string, unknown>>({});
  const [tried, setTried] = useState(false);
  const [as, setAs] = useState<AddAs>(addAs);
  const install = describeInstall(entry);
  const configured = configureServer(entry, values);
  const problems =
    tried && !configured.ok ? Object.fromEntries(configured.problems.map((p) => [p.field, p.message])) : {};
  const blocked = install.runsOnHost && !hostTools;
  const add = () => {
    setTried(true);
    if (configured.ok) onAdd(configured.config, as);
  };

  return (
    <div className="mcp-catalogue-setup" data-testid="mcp-catalogue-setup">
      <EntryHead entry={entry} />
      <p className="mcp-catalogue-description">{entry.description}</p>
      <div className="mcp-catalogue-install" data-testid="mcp-catalogue-install">
        <p>{install.install}</p>
        <p data-testid="mcp-catalogue-network">{install.network}</p>
      </div>
      {blocked && (
        <p className="field-error" data-testid="mcp-catalogue-host-off">
          <TriangleAlert size={13} aria-hidden /> It runs a program on this machine, and host access is off: an admin
          turns it on in Settings.
        </p>
      )}
      <CatalogueSettingsForm
        fields={entry.fields}
        values={values}
        problems={problems}
        onChange={(name, value) => setValues((current) => ({ ...current, [name]: value }))}
      />
      <div className="field">
        <span className="field-label">{entry.launch.kind === "remote" ? "URL" : "Command"}</span>
        <code className="mcp-catalogue-command" data-testid="mcp-catalogue-command">
          {configured.ok ? commandLine(configured.config) : "Fill in the settings to see it."}
        </code>
      </div>
      <AddAsChoice entryId={entry.id} as={as} onChange={setAs} />
      <Button variant="primary" onClick={add} disabled={blocked} data-testid="mcp-catalogue-add">
        <Plus size={14} aria-hidden /> Add {entry.title}
      </Button>
    </div>
  );
}

function EntryHead({ entry }: { entry: CatalogueEntry }) {
  return (
    <div className="mcp-catalogue-setup-head">
      <span className="palette-item-icon">
        <CatalogueIcon name={entry.icon} size={18} />
      </span>
      <div>
        <h3 className="mcp-catalogue-setup-title">{entry.title}</h3>
        <a href={entry.homepage} target="_blank" rel="noreferrer" className="mcp-catalogue-link">
          {entry.homepage.replace(/^https:\/\//, "")} <ExternalLink size={11} aria-hidden />
        </a>
      </div>
    </div>
  );
}

/** A node with the server's settings, or a workflow-level server and a node that refers to it by name. */
function AddAsChoice({ entryId, as, onChange }: { entryId: string; as: AddAs; onChange: (as: AddAs) => void }) {
  return (
    <fieldset className="mcp-catalogue-add-as">
      <legend className="field-label">Add as</legend>
      <label>
        <input type="radio" name="add-as" checked={as === "node"} onChange={() => onChange("node")} /> An MCP Server
        node
      </label>
      <label>
        <input
          type="radio"
          name="add-as"
          checked={as === "workflow"}
          onChange={() => onChange("workflow")}
          data-testid="mcp-catalogue-add-as-workflow"
        />{" "}
        A workflow MCP server “{entryId}”, and a node that uses it
      </label>
    </fieldset>
  );
}
