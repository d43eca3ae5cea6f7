/**
 * Beside the run's status: how many tool calls failed, so a run that "completed" around failures
 * does not pass for clean.
 */
import { CircleAlert } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import type { ToolCallView } from "./derive-run-state";

export function FailedCallsBadge({ calls }: { calls: ToolCallView[] }) {
  const failed = calls.filter((call) => call.state === "finished" && call.isError).length;
  if (failed === 0) return null;
  return (
    <span data-testid="failed-tool-calls" title="Tool calls that answered with an error">
      <Badge tone="danger">
        <CircleAlert size={11} aria-hidden /> {failed} tool call{failed === 1 ? "" : "s"} failed
      </Badge>
    </span>
  );
}
