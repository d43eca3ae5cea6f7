"use client";
/** "Import": reads a workflow export file and opens it as a new workflow, or lists what is wrong with the file. */
import { CircleAlert, Upload, X } from "lucide-react";
import { unstable_rethrow } from "next/navigation";
import { useRef, useState, useTransition } from "react";
import { importWorkflowAction } from "@/app/workflows/actions";
import { Button } from "@/components/ui/button";

export function ImportWorkflowButton() {
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<{ file: string; errors: string[] } | null>(null);
  const [pending, startTransition] = useTransition();

  const onFile = (file: File | undefined) => {
    if (!file) return;
    startTransition(async () => {
      try {
        const result = await importWorkflowAction(await file.text());
        // Success redirects to the new workflow and never answers.
        if (!result.ok) setProblem({ file: file.name, errors: result.errors });
      } catch (error) {
        unstable_rethrow(error);
        setProblem({ file: file.name, errors: [error instanceof Error ? error.message : "The import failed"] });
      } finally {
        if (input.current) input.current.value = "";
      }
    });
  };

  return (
    <div className="import-workflow">
      <input
        ref={input}
        type="file"
        accept=".json,application/json"
        hidden
        data-testid="import-file"
        onChange={(e) => onFile(e.target.files?.[0])}
      />
      <Button data-testid="import-workflow" onClick={() => input.current?.click()} disabled={pending}>
        <Upload size={14} aria-hidden /> {pending ? "Importing…" : "Import"}
      </Button>
      {problem && (
        <div className="import-errors" role="alert" data-testid="import-errors">
          <div className="import-errors-title">
            <CircleAlert size={15} aria-hidden />
            <span>“{problem.file}” was not imported; nothing was changed.</span>
            <button type="button" className="row-action" aria-label="Dismiss" onClick={() => setProblem(null)}>
              <X size={14} aria-hidden />
            </button>
          </div>
          <ul>
            {problem.errors.map((error) => (
              <li key={error}>{error}</li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
