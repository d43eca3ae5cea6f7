/** Folds newly arrived run events into the ones already held: ordered by seq, each seq once. */
import type { RunEvent } from "@/lib/runs/events";

/** Returns `current` itself when nothing is new, so React can skip the render. */
export function mergeEvents(current: readonly RunEvent[], incoming: readonly RunEvent[]): RunEvent[] {
  const seen = new Set(current.map((event) => event.seq));
  const fresh: RunEvent[] = [];
  for (const event of incoming) {
    if (seen.has(event.seq)) continue;
    seen.add(event.seq);
    fresh.push(event);
  }
  if (fresh.length === 0) return current as RunEvent[];
  const lastSeq = current.at(-1)?.seq ?? 0;
  const merged = [...current, ...fresh];
  // Events nearly always arrive in order; sort only when one did not.
  return fresh.every((event, i) => event.seq > (i === 0 ? lastSeq : fresh[i - 1].seq))
    ? merged
    : merged.sort((a, b) => a.seq - b.seq);
}
