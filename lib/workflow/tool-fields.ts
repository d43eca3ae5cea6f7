/**
 * How the editor decides which inputs of a tool-mode node the agent fills, and names the tool. A
 * field someone typed a value into is fixed; "Agent fills" is a choice. The editor writes the choice
 * down (`toolConfig.exposedInputIds`) when the node is put into tool mode and when a value is typed,
 * so the compiler reads every graph as saved: a graph from before this rule means what it meant.
 */

const typed = (value: unknown) => value !== undefined && value !== null && value !== "";

/** The inputs the agent fills when a node is put into tool mode: the component's, except those with a typed value. */
export function untypedAgentInputs(componentAgentInputs: readonly string[], params: Record<string, unknown>): string[] {
  return componentAgentInputs.filter((name) => !typed(params[name]));
}

/** Typing into an empty field the agent fills fixes it: the inputs the agent fills after that, or null if unchanged. */
export function agentInputsAfterTyping(
  filled: readonly string[],
  field: string,
  before: unknown,
  after: unknown,
): string[] | null {
  if (!filled.includes(field) || typed(before) || !typed(after)) return null;
  return filled.filter((name) => name !== field);
}

/** The tool name a label gives: "Weather API" → "weather_api" (empty when the label has no letters or digits). */
export function toolNameFromLabel(label: string): string {
  return label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .slice(0, 64);
}

/** What a tool name may be: what model APIs accept. */
export const TOOL_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;
