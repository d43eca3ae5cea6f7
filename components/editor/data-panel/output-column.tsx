"use client";
/**
 * The output half of the data panel: the node's pin or its latest output, and the pin actions —
 * pin what the last run handed on, type a pin by hand as JSON, edit it, unpin. A pin is node data
 * in the graph, so it saves (and undoes) with the workflow.
 */
import { Pencil, Pin as PinIcon, PinOff } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { useEditorStore } from "../editor-store-context";
import { DataValue } from "./data-views";
import { nodeData, type NodeData } from "./node-data";
import { useTestRunState, type DataView } from "./test-run-store";

/** The typed text as a pin's output, or why it cannot be one. */
function parsePinText(text: string): { ok: true; output: Record<string, unknown> } | { ok: false; error: string } {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== "object" || value === null || Array.isArray(value))
      return { ok: false, error: 'A pin is an object of the node\'s outputs by name, e.g. { "body": "…" }' };
    return { ok: true, output: value as Record<string, unknown> };
  } catch (error) {
    return { ok: false, error: `Not JSON: ${(error as Error).message}` };
  }
}

type Pin = (output: Record<string, unknown>, source: "run" | "typed", runId?: string) => void;

export function OutputColumn({ nodeId, view }: { nodeId: string; view: DataView }) {
  const node = useEditorStore((state) => state.nodes.find((candidate) => candidate.id === nodeId));
  const { updateNodeData, readOnly } = useEditorStore((state) => ({
    updateNodeData: state.updateNodeData,
    readOnly: state.readOnly,
  }));
  const outputs = useTestRunState((state) => state.outputs);
  const [draft, setDraft] = useState<string | null>(null);
  if (!node) return null;
  const data = nodeData(node, outputs);
  const canPin = !readOnly && node.data.mode === "normal";
  const pin: Pin = (output, source, runId) =>
    updateNodeData(nodeId, {
      pinned: { output, source, ...(runId ? { runId } : {}), pinnedAt: new Date().toISOString() },
    });

  return (
    <div className="data-column" data-testid="data-output">
      <h3 className="data-column-title">
        Output
        {data.kind === "pinned" && <span className="pin-badge">Pinned</span>}
        {data.kind === "recorded" && (
          <span className="data-source" title={data.runId}>
            from the run of {new Date(data.completedAt).toLocaleTimeString()}
          </span>
        )}
      </h3>
      {draft !== null ? (
        <PinEditor draft={draft} onChange={setDraft} onSave={(output) => (pin(output, "typed"), setDraft(null))} />
      ) : data.kind === "none" ? (
        <p className="data-empty">No data yet: run this node, or type its output and pin it.</p>
      ) : (
        <DataValue value={data.output} view={view} testId="node-output" />
      )}
      {canPin && draft === null && (
        <PinActions
          data={data}
          pin={pin}
          edit={() => setDraft(JSON.stringify(data.kind === "none" ? {} : data.output, null, 2))}
          unpin={() => updateNodeData(nodeId, { pinned: undefined })}
        />
      )}
    </div>
  );
}

type PinEditorProps = {
  draft: string;
  onChange: (draft: string | null) => void;
  onSave: (output: Record<string, unknown>) => void;
};

/** A pin typed as JSON, checked as it is typed. */
function PinEditor({ draft, onChange, onSave }: PinEditorProps) {
  const parsed = parsePinText(draft);
  return (
    <div className="pin-editor">
      <textarea
        className="input pin-editor-text"
        aria-label="Pinned output as JSON"
        data-testid="pin-editor"
        value={draft}
        onChange={(event) => onChange(event.target.value)}
        spellCheck={false}
      />
      {!parsed.ok && (
        <p className="field-problem" role="alert">
          {parsed.error}
        </p>
      )}
      <div className="data-actions">
        <Button size="sm" variant="primary" disabled={!parsed.ok} onClick={() => parsed.ok && onSave(parsed.output)}>
          Save pin
        </Button>
        <Button size="sm" variant="ghost" onClick={() => onChange(null)}>
          Cancel
        </Button>
      </div>
    </div>
  );
}

function PinActions({ data, pin, edit, unpin }: { data: NodeData; pin: Pin; edit: () => void; unpin: () => void }) {
  return (
    <div className="data-actions">
      {data.kind === "recorded" && (
        <Button size="sm" onClick={() => pin(data.output, "run", data.runId)} data-testid="pin-output">
          <PinIcon size={13} aria-hidden /> Pin this output
        </Button>
      )}
      <Button size="sm" variant="ghost" onClick={edit} data-testid="edit-pin">
        <Pencil size={13} aria-hidden /> {data.kind === "pinned" ? "Edit pin" : "Type a pin"}
      </Button>
      {data.kind === "pinned" && (
        <Button size="sm" variant="ghost" onClick={unpin} data-testid="unpin">
          <PinOff size={13} aria-hidden /> Unpin
        </Button>
      )}
    </div>
  );
}
