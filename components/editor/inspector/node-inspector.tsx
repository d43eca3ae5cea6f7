"use client";
/**
 * The inspector's settings of one node, generated from its component's fields: label, test buttons, tool mode, MCP,
 * trigger, settings and what happens on error.
 */
import { useReactFlow } from "@xyflow/react";
import { Trash2 } from "lucide-react";
import { TOOLS_HANDLE } from "@/lib/workflow/constants";
import type { ComponentMeta } from "@/lib/nodes/types";
import type { EditorNodeData } from "../graph-conversion";
import { Button } from "@/components/ui/button";
import { CatalogueIcon } from "@/components/ui/icon";
import { useEditorStore } from "../editor-store-context";
import { isFieldVisible, paramValue } from "../param-values";
import { agentInputs, fixedByTyping, pinnedToolName } from "../tool-shape";
import { paramsForProvider } from "@/lib/agent/provider-table";
import { TestRunSection } from "../data-panel/run-controls";
import { OnErrorSection } from "./on-error-section";
import { ParamField } from "./param-field";
import { ToolModeSection } from "./tool-mode-section";
import { TriggerSection } from "./trigger-section";
import { McpSection } from "../mcp/mcp-section";

export function NodeInspector({ id }: { id: string }) {
  const data = useEditorStore((state) => state.nodes.find((node) => node.id === id)?.data);
  const meta = useEditorStore((state) => (data ? state.lookup(data.componentType) : undefined));
  const updateNodeData = useEditorStore((state) => state.updateNodeData);
  const connections = useInputConnections(id);
  const { deleteElements } = useReactFlow();
  if (!data) return null;
  return (
    <div className="inspector-body">
      <header className="inspector-header">
        <span className="node-icon">
          <CatalogueIcon name={meta?.icon ?? "box"} size={16} />
        </span>
        <div>
          <div className="inspector-title">{meta?.label ?? data.componentType}</div>
          <p className="inspector-description">{meta?.description ?? "This component is not in the catalogue."}</p>
        </div>
      </header>

      <section className="inspector-section">
        <div className="field">
          <label htmlFor={`label-${id}`} className="field-label">
            Label
          </label>
          <input
            id={`label-${id}`}
            data-testid="node-label"
            className="input"
            value={data.label}
            onChange={(e) => updateNodeData(id, { label: e.target.value, ...pinnedToolName(data, meta) })}
          />
        </div>
      </section>

      <TestRunSection nodeId={id} />

      {meta?.tool && <ToolModeSection id={id} data={data} meta={meta} connections={connections} />}
      <McpSection id={id} />
      <TriggerSection nodeId={id} trigger={meta?.trigger} params={data.params} />
      {meta && meta.fields.length > 0 && <SettingsSection id={id} data={data} meta={meta} connections={connections} />}
      <OnErrorSection id={id} data={data} />

      <section className="inspector-section inspector-footer">
        <span className="inspector-node-id" title="Node id">
          {id}
        </span>
        <Button variant="ghost" size="sm" onClick={() => void deleteElements({ nodes: [{ id }] })}>
          <Trash2 size={14} aria-hidden /> Delete
        </Button>
      </section>
    </div>
  );
}

/** Input port → the label of the node wired to it; several wires name each source: “Entry” or “Webhook”. */
function useInputConnections(id: string): Record<string, string> {
  return useEditorStore((state) => {
    const byInput: Record<string, string> = {};
    for (const e of state.edges) {
      if (e.target !== id || !e.targetHandle || e.targetHandle === TOOLS_HANDLE) continue;
      const label = state.nodes.find((n) => n.id === e.source)?.data.label ?? e.source;
      byInput[e.targetHandle] = byInput[e.targetHandle] ? `${byInput[e.targetHandle]}” or “${label}` : label;
    }
    return byInput;
  });
}

/** A problem inside a param (`outputSchema.properties.text`) shows under the param's field; several join. */
function useFieldProblems(id: string): Record<string, string> {
  return useEditorStore((state) => {
    const byField: Record<string, string> = {};
    for (const problem of state.runErrors ?? state.compileErrors) {
      if (problem.nodeId !== id || !problem.field) continue;
      const field = problem.field.split(".")[0];
      byField[field] = byField[field] ? `${byField[field]} · ${problem.message}` : problem.message;
    }
    return byField;
  });
}

type SettingsSectionProps = {
  id: string;
  data: EditorNodeData;
  meta: ComponentMeta;
  connections: Record<string, string>;
};

/** The fields that apply to the params as they are, with their problems and where their values come from. */
function SettingsSection({ id, data, meta, connections }: SettingsSectionProps) {
  const { updateNodeData, setParam } = useEditorStore((state) => ({
    updateNodeData: state.updateNodeData,
    setParam: state.setParam,
  }));
  const fieldProblems = useFieldProblems(id);
  const filledByAgent = data.mode === "tool" ? agentInputs(data, meta) : [];
  const noteFor = (name: string) => {
    if (connections[name]) return `Filled from “${connections[name]}” through its connection.`;
    if (!filledByAgent.includes(name)) return undefined;
    return data.params[name] === undefined || data.params[name] === ""
      ? "The agent fills this when it calls the tool."
      : "The agent fills this when it calls the tool, so the value here is not used: " +
          "click “Agent fills” above to fix it.";
  };
  const change = (name: string, value: unknown) => {
    setParam(id, name, value);
    if (name === "provider" && meta.fields.some((other) => other.listsModels))
      for (const [param, reset] of Object.entries(paramsForProvider(String(value)))) setParam(id, param, reset);
    const fixed = fixedByTyping(data, meta, name, value);
    if (fixed) updateNodeData(id, { toolConfig: fixed });
  };
  return (
    <section className="inspector-section">
      <h3 className="inspector-section-title">Settings</h3>
      {meta.fields
        .filter((field) => isFieldVisible(field, data.params, meta))
        .map((field) => (
          <ParamField
            key={field.name}
            nodeId={id}
            field={field}
            value={paramValue(data.params, meta, field.name)}
            onChange={(value) => change(field.name, value)}
            problem={fieldProblems[field.name]}
            note={noteFor(field.name)}
          />
        ))}
    </section>
  );
}
