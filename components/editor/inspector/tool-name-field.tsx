"use client";
/**
 * The tool's name as the model sees it, its own field: set from the label when the node is first
 * put into tool mode, and left alone when the label changes. Changing it warns when the agents it is
 * wired into still name the old one in their allowed tools, aliases or prompts.
 */
import { useMemo, useState } from "react";
import { TOOL_NAME_PATTERN } from "@/lib/workflow/tool-fields";
import { useEditorStore } from "../editor-store-context";
import { toolNameUses } from "../tool-name-usage";

type ToolNameFieldProps = { id: string; name: string; onChange: (name: string) => void };

export function ToolNameField({ id, name, onChange }: ToolNameFieldProps) {
  // The name as it was when the inspector opened this node: what the agents' settings were written against.
  const [original] = useState(name);
  const [draft, setDraft] = useState(name);
  const { nodes, edges } = useEditorStore((state) => ({ nodes: state.nodes, edges: state.edges }));
  const uses = useMemo(
    () => (draft === original ? [] : toolNameUses(id, original, nodes, edges)),
    [draft, original, id, nodes, edges],
  );
  const valid = TOOL_NAME_PATTERN.test(draft);

  return (
    <div className="tool-detail">
      <label className="tool-detail-label" htmlFor={`tool-name-${id}`}>
        Tool name
      </label>
      <input
        id={`tool-name-${id}`}
        className="input tool-name-input"
        data-testid="tool-name"
        value={draft}
        spellCheck={false}
        aria-invalid={!valid}
        onChange={(e) => {
          setDraft(e.target.value);
          if (TOOL_NAME_PATTERN.test(e.target.value)) onChange(e.target.value);
        }}
      />
      {!valid && <p className="field-error">Use 1 to 64 letters, digits, _ or -.</p>}
      {uses.map((use) => (
        <p key={use.label} className="field-warning" data-testid="tool-name-warning">
          “{use.label}” still uses “{original}” in its {use.where.join(", ")}: update it to “{draft}”, or the model will
          not find this tool by that name.
        </p>
      ))}
      {valid && uses.length === 0 && <p className="field-help">Renaming the node does not rename the tool.</p>}
    </div>
  );
}
