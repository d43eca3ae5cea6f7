"use client";
/**
 * The list of compile problems over the canvas. Live problems sit collapsed behind a count; when
 * the server refuses a run the list opens under "Run refused". A click on a problem shows its node.
 */
import { useReactFlow } from "@xyflow/react";
import { ChevronDown, ChevronRight, CircleAlert } from "lucide-react";
import { useEffect, useState } from "react";
import { cx } from "@/components/ui/class-names";
import type { Problem } from "@/lib/workflow/compile";
import { useEditorStore } from "./editor-store-context";

const plural = (count: number) => `${count} problem${count === 1 ? "" : "s"}`;

export function ProblemsPanel() {
  const { runErrors, compileErrors, selectNode } = useEditorStore((state) => ({
    runErrors: state.runErrors,
    compileErrors: state.compileErrors,
    selectNode: state.selectNode,
  }));
  const { fitView } = useReactFlow();
  const [open, setOpen] = useState(false);
  useEffect(() => setOpen(runErrors !== null), [runErrors]);

  const problems: Problem[] = runErrors ?? compileErrors;
  if (problems.length === 0) return null;
  const title = runErrors ? `Run refused: ${plural(problems.length)}` : plural(problems.length);

  const reveal = (problem: Problem) => {
    if (!problem.nodeId) return;
    selectNode(problem.nodeId);
    void fitView({ nodes: [{ id: problem.nodeId }], duration: 300, maxZoom: 1.2 });
  };

  return (
    <div className={cx("problems", runErrors && "is-run-refused")} data-testid="compile-errors">
      <button type="button" className="problems-toggle" onClick={() => setOpen(!open)} aria-expanded={open}>
        <CircleAlert size={14} aria-hidden />
        <span>{title}</span>
        {open ? <ChevronDown size={14} aria-hidden /> : <ChevronRight size={14} aria-hidden />}
      </button>
      {open && (
        <ul className="problems-list">
          {problems.map((problem, index) => (
            <li key={`${problem.nodeId ?? problem.edgeId ?? ""}-${index}`}>
              <button type="button" onClick={() => reveal(problem)} disabled={!problem.nodeId}>
                {problem.message}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
