/** How a tool-mode node presents itself to an agent: its tool name and the inputs the agent fills. */
import type { ComponentMeta } from "@/lib/nodes/types";
import { toolNameFor } from "@/lib/tools/component-tool";
import { agentInputsAfterTyping, untypedAgentInputs } from "@/lib/workflow/tool-fields";
import type { EditorNodeData } from "./graph-conversion";

export function toolName(data: EditorNodeData, meta: ComponentMeta): string | null {
  return meta.tool ? toolNameFor({ label: data.label, toolName: data.toolConfig?.toolName }, meta) : null;
}

/** Input ports the agent fills when it calls the tool (the node's choice, else the component's). */
export function agentInputs(data: EditorNodeData, meta: ComponentMeta): string[] {
  return data.toolConfig?.exposedInputIds ?? meta.tool?.agentInputs ?? [];
}

/**
 * Renaming a tool-mode node saved before tool names were a field: its tool keeps the name it had
 * (pinned in toolConfig), instead of following the new label. Nothing to pin otherwise.
 */
export function pinnedToolName(
  data: EditorNodeData,
  meta: ComponentMeta | undefined,
): Pick<EditorNodeData, "toolConfig"> | Record<string, never> {
  if (data.mode !== "tool" || !meta?.tool || meta.tool.discovered || data.toolConfig?.toolName) return {};
  return { toolConfig: { ...data.toolConfig, toolName: toolName(data, meta)! } };
}

/** What tool mode starts with: the name the label gives now, the agent filling only the inputs nobody typed into. */
export function toolModeStart(data: EditorNodeData, meta: ComponentMeta): EditorNodeData["toolConfig"] {
  if (!meta.tool || meta.tool.discovered) return data.toolConfig;
  return {
    ...data.toolConfig,
    toolName: data.toolConfig?.toolName ?? toolName(data, meta)!,
    exposedInputIds: data.toolConfig?.exposedInputIds ?? untypedAgentInputs(meta.tool.agentInputs ?? [], data.params),
  };
}

/** Typing a value into an empty field the agent fills fixes it: the typed value is what the tool uses. */
export function fixedByTyping(
  data: EditorNodeData,
  meta: ComponentMeta | undefined,
  field: string,
  value: unknown,
): EditorNodeData["toolConfig"] | null {
  if (data.mode !== "tool" || !meta?.tool || meta.tool.discovered) return null;
  const filled = agentInputsAfterTyping(agentInputs(data, meta), field, data.params[field], value);
  return filled && { ...data.toolConfig, exposedInputIds: filled };
}
