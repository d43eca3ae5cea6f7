/** Ids, labels and spots for nodes the editor adds (from the palette, a paste or a duplicate). */
import type { FlowNode } from "./graph-conversion";

export function randomSuffix(): string {
  return Math.random().toString(36).slice(2, 8);
}

/** "core.http.request" → "http-request-x1y2z3". */
export function newNodeId(componentType: string): string {
  const parts = componentType.split(".");
  return `${(parts.length > 1 ? parts.slice(1) : parts).join("-")}-${randomSuffix()}`;
}

/**
 * `base` if free, else the next free number after it: "Agent" → "Agent 2", "Step 4" → "Step 5" (labels are how
 * templates name nodes).
 */
export function uniqueLabel(base: string, taken: Set<string>): string {
  if (!taken.has(base)) return base;
  const numbered = / (\d+)$/.exec(base);
  const stem = numbered ? base.slice(0, numbered.index) : base;
  let n = numbered ? Number(numbered[1]) + 1 : 2;
  while (taken.has(`${stem} ${n}`)) n += 1;
  return `${stem} ${n}`;
}

/** Nudges a new node down and right until it does not sit exactly on another one. */
export function freeSpot(position: { x: number; y: number }, nodes: FlowNode[]): { x: number; y: number } {
  let spot = position;
  while (nodes.some((node) => Math.abs(node.position.x - spot.x) < 12 && Math.abs(node.position.y - spot.y) < 12)) {
    spot = { x: spot.x + 32, y: spot.y + 32 };
  }
  return spot;
}
