/**
 * An Entry wired to nothing, when it is the workflow's only trigger: every run starts there and
 * runs nothing the Entry hands on. The editor lists it with the problems before anyone presses Run
 * (a run that does nothing fails, lib/runs/skip-rule.ts); the compiler does not refuse it, so graphs
 * saved before keep running as they did.
 */
import type { Catalogue, CompiledWorkflow, Problem } from "./compile";

export function idleEntryProblems(plan: CompiledWorkflow, catalogue: Catalogue): Problem[] {
  const nodes = Object.values(plan.nodes);
  const triggers = nodes.filter((node) => catalogue(node.type)?.trigger !== undefined);
  const steps = nodes.filter((node) => node.mode === "normal" && !catalogue(node.type)?.trigger);
  const entry = triggers.length === 1 && catalogue(triggers[0].type)?.trigger === "manual" ? triggers[0] : undefined;
  if (!entry || steps.length === 0) return [];
  const readsEntry = steps.some(
    (node) =>
      Object.values(node.inputs).some((input) => input.nodeId === entry.id) ||
      Object.values(node.templateSources ?? {}).includes(entry.id),
  );
  if (readsEntry) return [];
  return [
    {
      code: "unreachable",
      nodeId: entry.id,
      message:
        `"${entry.label}" is wired to nothing: a run starts there, and nothing it hands on is used. ` +
        `Wire its output into the first step`,
    },
  ];
}
