/** Opens the exact graph this run used (the published version it ran, or the draft as it was), read-only. */
import { History } from "lucide-react";
import Link from "next/link";
import { buttonClassName } from "@/components/ui/button";

export function OpenRunGraphButton({ runId }: { runId: string }) {
  return (
    <Link
      href={`/runs/${runId}/graph`}
      className={buttonClassName("secondary")}
      title="The graph this run used, read-only"
      data-testid="open-run-graph"
    >
      <History size={14} aria-hidden /> Open this version
    </Link>
  );
}
