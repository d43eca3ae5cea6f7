"use client";
/**
 * The Normal / Tool mode switch, and in tool mode what the agent will see: the tool's name and
 * description, and which inputs the agent fills versus which stay fixed.
 */
import type { ComponentMeta } from "@/lib/nodes/types";
import { cx } from "@/components/ui/class-names";
import { useEditorStore } from "../editor-store-context";
import type { EditorNodeData } from "../graph-conversion";
import { toolSourceSummary } from "@/lib/mcp/tool-source-summary";
import { agentInputs, toolModeStart, toolName } from "../tool-shape";
import { ApprovalSetting } from "./approval-setting";
import { ToolNameField } from "./tool-name-field";

type ToolModeSectionProps = {
  id: string;
  data: EditorNodeData;
  meta: ComponentMeta;
  /** Input port → label of the node connected to it. */
  connections: Record<string, string>;
};

export function ToolModeSection({ id, data, meta, connections }: ToolModeSectionProps) {
  const updateNodeData = useEditorStore((state) => state.updateNodeData);
  const isTool = data.mode === "tool";
  const approval = (
    <ApprovalSetting
      id={id}
      toolConfig={data.toolConfig}
      onChange={(toolConfig) => updateNodeData(id, { toolConfig })}
    />
  );
  return (
    <section className={cx("inspector-section", "tool-mode", isTool && "is-tool")}>
      <ModeSwitch id={id} data={data} meta={meta} />
      {!isTool && (
        <p className="field-help">
          In tool mode an agent calls this node when it decides to. Its outputs give way to one tool handle you wire
          into an agent&apos;s Tools.
        </p>
      )}
      {isTool && meta.tool?.discovered && (
        <div className="tool-details">
          <DiscoveredTools data={data} />
          {approval}
        </div>
      )}
      {isTool && meta.tool && !meta.tool.discovered && (
        <div className="tool-details">
          <ToolNameField
            key={id}
            id={id}
            name={toolName(data, meta)!}
            onChange={(name) => updateNodeData(id, { toolConfig: { ...data.toolConfig, toolName: name } })}
          />
          <div className="tool-detail">
            <span className="tool-detail-label">Description the agent sees</span>
            <p data-testid="tool-description">{meta.tool.description}</p>
          </div>
          {meta.inputs.length > 0 && <ToolInputs id={id} data={data} meta={meta} connections={connections} />}
          {approval}
        </div>
      )}
    </section>
  );
}

function ModeSwitch({ id, data, meta }: Omit<ToolModeSectionProps, "connections">) {
  const { setNodeMode, updateNodeData } = useEditorStore((state) => ({
    setNodeMode: state.setNodeMode,
    updateNodeData: state.updateNodeData,
  }));
  const isTool = data.mode === "tool";
  return (
    <div className="mode-row">
      <span className="field-label">Mode</span>
      <label className="mode-switch">
        <span className={cx(!isTool && "is-active")}>Normal</span>
        <input
          type="checkbox"
          role="switch"
          className="switch switch-tool"
          data-testid="tool-mode-toggle"
          aria-label="Tool mode"
          checked={isTool}
          onChange={(e) => {
            setNodeMode(id, e.target.checked ? "tool" : "normal");
            // Named once, from the label as it is now (a later rename leaves it); fields with a value stay fixed.
            if (e.target.checked && meta.tool && !meta.tool.discovered)
              updateNodeData(id, { toolConfig: toolModeStart(data, meta) });
          }}
        />
        <span className={cx(isTool && "is-active")}>Tool mode</span>
      </label>
    </div>
  );
}

/** An MCP node's tools: discovered when the run reaches it, named after their source. */
function DiscoveredTools({ data }: { data: EditorNodeData }) {
  return (
    <div className="tool-detail">
      <span className="tool-detail-label">Tools the agent sees</span>
      <ul className="tool-inputs" data-testid="tool-sources">
        {toolSourceSummary({ type: data.componentType, label: data.label, params: data.params }).map((line) => (
          <li key={line.names}>
            <code className="tool-name">{line.names}</code>
            <span className="chip">{line.filter}</span>
          </li>
        ))}
      </ul>
      <p className="field-help">
        Discovered from the server when the run reaches this node, each as <code>{"{source}__{tool}"}</code>. Use
        Discover tools below to see them now and choose which the agent gets.
      </p>
    </div>
  );
}

/** Each input: wired from another node, filled by the agent, or fixed to its value (a click switches the last two). */
function ToolInputs({ id, data, meta, connections }: ToolModeSectionProps) {
  const updateNodeData = useEditorStore((state) => state.updateNodeData);
  const filled = agentInputs(data, meta);
  const toggleInput = (name: string) => {
    const exposedInputIds = filled.includes(name) ? filled.filter((n) => n !== name) : [...filled, name];
    updateNodeData(id, { toolConfig: { ...data.toolConfig, exposedInputIds } });
  };
  return (
    <div className="tool-detail">
      <span className="tool-detail-label">Inputs</span>
      <ul className="tool-inputs">
        {meta.inputs.map((port) => {
          const connectedFrom = connections[port.name];
          const byAgent = filled.includes(port.name) && !connectedFrom;
          return (
            <li key={port.name} data-testid={`tool-input-${port.name}`}>
              <span>{port.label}</span>
              {connectedFrom ? (
                <span className="chip">from {connectedFrom}</span>
              ) : (
                <button
                  type="button"
                  className={cx("chip", byAgent && "chip-agent")}
                  onClick={() => toggleInput(port.name)}
                  data-testid={`tool-input-${port.name}-choice`}
                  title={
                    byAgent
                      ? "Click to fix this input to the value below"
                      : "Click to let the agent fill this input (an explicit choice, kept as it is)"
                  }
                >
                  {byAgent ? "Agent fills" : "Fixed"}
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
