/** The list beside a comparison drawn on the canvas: each node and wire added, removed or changed, and which fields. */
import type { GraphDiff } from "@/lib/workflow/graph-diff";

export function DiffSummary({ diff, from, to }: { diff: GraphDiff; from: string; to: string }) {
  const count = diff.nodes.length + diff.edges.length;
  return (
    <details className="diff-details" open data-testid="diff-summary">
      <summary>
        {count === 0
          ? `No changes from ${from} to ${to}`
          : `${count} change${count === 1 ? "" : "s"} from ${from} to ${to}`}
      </summary>
      <ul className="diff-summary">
        {diff.nodes.map((change) => (
          <li key={change.nodeId} className={`node-diff-${change.mark}`}>
            {change.mark}: {change.label}
            {change.fields.length > 0 && <span className="diff-fields"> ({change.fields.join(", ")})</span>}
          </li>
        ))}
        {diff.edges.map((change) => (
          <li key={change.edgeId} className={`node-diff-${change.mark}`}>
            wire {change.mark}: {change.from} → {change.to}
          </li>
        ))}
      </ul>
    </details>
  );
}
