"use client";
/** On a node: a pin badge when test runs use its pinned data, and a data badge when a run left it output. */
import { Database, Pin } from "lucide-react";
import { useOptionalTestRunState } from "./test-run-store";

export function NodeDataBadges({ nodeId, pinned }: { nodeId: string; pinned: boolean }) {
  const hasData = useOptionalTestRunState((state) => nodeId in state.outputs, false);
  if (pinned)
    return (
      <span
        className="pin-badge"
        title="Pinned: test runs use this data instead of running the node"
        data-testid="pin-badge"
      >
        <Pin size={11} aria-hidden /> Pinned
      </span>
    );
  if (!hasData) return null;
  return (
    <span className="data-badge" title="A run left output here: select the node to see it" data-testid="data-badge">
      <Database size={11} aria-hidden />
    </span>
  );
}
