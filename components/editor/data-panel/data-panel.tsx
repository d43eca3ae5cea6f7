"use client";
/**
 * The input/output panel under the canvas: for the selected node, what it would get on each
 * input (its upstream nodes' data) and what it handed on (its pin, or its latest run's output),
 * as a table, a JSON tree or text — with Pin, Edit and Unpin. Collapsible to a bar.
 */
import { ChevronDown, ChevronUp, Database } from "lucide-react";
import { useEffect } from "react";
import "@/components/run-view/run-view.css";
import "./data-panel.css";
import { cx } from "@/components/ui/class-names";
import { useEditorStore } from "../editor-store-context";
import { DataValue } from "./data-views";
import { inputData } from "./node-data";
import { OutputColumn } from "./output-column";
import { useTestRunApi, useTestRunState, type DataView } from "./test-run-store";
import { useTestRun } from "./use-test-run";

const VIEWS: { view: DataView; label: string }[] = [
  { view: "table", label: "Table" },
  { view: "json", label: "JSON" },
  { view: "text", label: "Text" },
];

export function DataPanel() {
  const { refreshOutputs } = useTestRun();
  const data = useTestRunApi();
  // The editor's page reads the outputs with the workflow; a snapshot's page does not, so they are read here.
  useEffect(() => {
    if (!data.getState().outputsRead) void refreshOutputs();
  }, [data, refreshOutputs]);
  const { panelOpen, setPanelOpen, view, setView } = useTestRunState((state) => ({
    panelOpen: state.panelOpen,
    setPanelOpen: state.setPanelOpen,
    view: state.view,
    setView: state.setView,
  }));
  const selected = useEditorStore((state) => {
    const chosen = state.nodes.filter((node) => node.selected);
    return chosen.length === 1 ? { id: chosen[0].id, label: chosen[0].data.label } : null;
  });
  return (
    <section className={cx("data-panel", panelOpen && "is-open")} data-testid="data-panel" aria-label="Node data">
      <header className="data-panel-header">
        <button
          type="button"
          className="data-panel-toggle"
          onClick={() => setPanelOpen(!panelOpen)}
          aria-expanded={panelOpen}
          data-testid="data-panel-toggle"
        >
          <Database size={14} aria-hidden />
          <span>Data{selected ? ` · ${selected.label}` : ""}</span>
          {panelOpen ? <ChevronDown size={14} aria-hidden /> : <ChevronUp size={14} aria-hidden />}
        </button>
        {panelOpen && (
          <div className="data-view-switch" role="tablist" aria-label="Show data as">
            {VIEWS.map((option) => (
              <button
                key={option.view}
                type="button"
                role="tab"
                aria-selected={view === option.view}
                className={cx(view === option.view && "is-active")}
                onClick={() => setView(option.view)}
              >
                {option.label}
              </button>
            ))}
          </div>
        )}
      </header>
      {panelOpen &&
        (selected ? (
          <div className="data-panel-body">
            <InputColumn nodeId={selected.id} view={view} />
            <OutputColumn key={selected.id} nodeId={selected.id} view={view} />
          </div>
        ) : (
          <p className="data-panel-empty">Select a node to see the data it gets and hands on.</p>
        ))}
    </section>
  );
}

function InputColumn({ nodeId, view }: { nodeId: string; view: DataView }) {
  const nodes = useEditorStore((state) => state.nodes);
  const edges = useEditorStore((state) => state.edges);
  const outputs = useTestRunState((state) => state.outputs);
  const inputs = inputData(nodeId, nodes, edges, outputs);
  return (
    <div className="data-column" data-testid="data-input">
      <h3 className="data-column-title">Input</h3>
      {inputs.length === 0 && <p className="data-empty">Nothing is wired into this node.</p>}
      {inputs.map((input) => (
        <div key={input.port} className="data-input">
          <div className="data-input-source">
            <strong>{input.port}</strong> ← {input.fromLabel}.{input.fromPort}
            {input.data.kind === "pinned" && <span className="pin-badge">Pinned</span>}
          </div>
          {input.data.kind === "none" ? (
            <p className="data-empty">No data yet: run “{input.fromLabel}” or pin its output.</p>
          ) : (
            <DataValue value={input.value} view={view} />
          )}
        </div>
      ))}
    </div>
  );
}
