/**
 * The evaluation specs' workflow: a scripted agent that asks a Code tool for a city's temperature. `bump` warms the
 * B-cities by that many degrees, so a changed version fails their rows.
 */
export const TEMPS: Record<string, number> = { Oslo: 4, Bergen: 9, Paris: 12, Berlin: 7 };

const code = (bump: number) =>
  `const t = ${JSON.stringify(TEMPS)}; if (input.startsWith("B")) t[input] += ${bump}; ` +
  `return input + ": " + t[input] + "°C";`;

const node = (id: string, type: string, x: number, y: number, data: Record<string, unknown>) => ({
  id,
  type,
  position: { x, y },
  data: { mode: "normal", params: {}, ...data },
});

export const weatherGraph = (bump: number) => ({
  nodes: [
    node("entry", "core.entry", 60, 160, { label: "Entry" }),
    node("agent", "core.agent", 380, 160, {
      label: "Agent",
      params: {
        provider: "scripted",
        script: { toolCalls: [{ tool: "weather", args: { input: "{{input}}" } }], finalText: "{{results.0}}" },
      },
    }),
    node("weather", "core.code", 380, 620, { label: "Weather", mode: "tool", params: { code: code(bump) } }),
    node("out", "core.output", 760, 160, { label: "Answer", params: { value: "{{agent.text}}" } }),
  ],
  edges: [
    { id: "e1", source: "entry", sourceHandle: "output", target: "agent", targetHandle: "input" },
    { id: "e2", source: "weather", sourceHandle: "tool", target: "agent", targetHandle: "tools" },
  ],
});
