/** How a tool-mode node presents itself to an agent: its tool name and the inputs the agent fills. */
import type { ComponentMeta } from "@/lib/nodes/types";
import { toolNameFor } from "@/lib/tools/component-tool";
import type { EditorNodeData } from "./graph-conversion";

export function toolName(data: EditorNodeData, meta: ComponentMeta): string | null {
  return meta.tool ? toolNameFor({ label: data.label }, meta) : null;
}

/** Input ports the agent fills when it calls the tool (the node's choice, else the component's). */
export function agentInputs(data: EditorNodeData, meta: ComponentMeta): string[] {
  return data.toolConfig?.exposedInputIds ?? meta.tool?.agentInputs ?? [];
}
