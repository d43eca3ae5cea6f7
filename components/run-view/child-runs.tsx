/** The runs this run started through Workflow Tools, each a link to its own run view. */
import { GitFork } from "lucide-react";
import Link from "next/link";
import type { RunEvent } from "@/lib/runs/events";
import { PanelSection } from "./panel-section";

export function ChildRuns({ events, labelOf }: { events: RunEvent[]; labelOf: (nodeId: string) => string }) {
  const started = events.flatMap((event) => (event.type === "child.run.started" ? [event.payload] : []));
  if (started.length === 0) return null;
  return (
    <PanelSection
      title="Child runs"
      icon={<GitFork size={14} aria-hidden />}
      count={started.length}
      testId="child-runs"
    >
      <ul className="child-runs">
        {started.map((child) => (
          <li key={child.childRunId}>
            <Link href={`/runs/${child.childRunId}`} data-testid="child-run-link">
              {labelOf(child.nodeId)} → run <code>{child.childRunId.slice(0, 8)}</code>
            </Link>
          </li>
        ))}
      </ul>
    </PanelSection>
  );
}
