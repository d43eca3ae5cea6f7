"use client";
/** The input the run was given, and (for editors) running the workflow again with it or with an edited one. */
import { LogIn, RotateCcw, SquarePen } from "lucide-react";
import { useState, useTransition } from "react";
import { unstable_rethrow } from "next/navigation";
import { rerunAction } from "@/app/runs/actions";
import { Button } from "@/components/ui/button";
import { RunInputDialog } from "@/components/run-input/run-input-dialog";
import { runInputText } from "@/components/run-input/parse-run-input";
import type { InputField } from "@/lib/workflow/run-input-schema";
import { PanelSection } from "./panel-section";

/** `defaultInput`: the Entry's default input, which a run started without input was given instead. */
type RunInputPanelProps = {
  runId: string;
  input: unknown;
  canRerun: boolean;
  fields: InputField[];
  defaultInput: string;
};

export function RunInputPanel({ runId, input, canRerun, fields, defaultInput }: RunInputPanelProps) {
  const [editing, setEditing] = useState(false);
  const [error, setError] = useState<string>();
  const [pending, startTransition] = useTransition();
  const text = runInputText(input);

  // On success the action redirects to the new run and never answers.
  const rerun = (edited?: { value: unknown }) =>
    startTransition(async () => {
      try {
        const result = await rerunAction(runId, edited);
        setError(result.error);
      } catch (caught) {
        unstable_rethrow(caught);
        setError(caught instanceof Error ? caught.message : "Could not reach the server");
      }
    });

  return (
    <PanelSection
      title="Input"
      icon={<LogIn size={14} aria-hidden />}
      testId="run-input"
      aside={
        canRerun && (
          <RerunButtons pending={pending} editing={editing} onRerun={() => rerun()} onEdit={() => setEditing(true)} />
        )
      }
    >
      <RunInputValue text={text} defaultInput={defaultInput} />
      {error && !editing && (
        <p className="run-input-error" role="alert">
          {error}
        </p>
      )}
      {editing && (
        <RunInputDialog
          title="Edit input and run"
          initialInput={input}
          fields={fields}
          busy={pending}
          error={error}
          onRun={(value) => rerun({ value })}
          onCancel={() => setEditing(false)}
        />
      )}
    </PanelSection>
  );
}

type RerunButtonsProps = { pending: boolean; editing: boolean; onRerun: () => void; onEdit: () => void };

/** Run again with the same input, or open the dialog to edit it first. */
function RerunButtons({ pending, editing, onRerun, onEdit }: RerunButtonsProps) {
  return (
    <>
      <Button
        size="sm"
        data-testid="rerun"
        onClick={onRerun}
        disabled={pending}
        title="Run the workflow again with this input"
      >
        <RotateCcw size={13} aria-hidden /> {pending && !editing ? "Starting…" : "Run again"}
      </Button>
      <Button
        size="sm"
        variant="ghost"
        data-testid="rerun-edit"
        onClick={onEdit}
        disabled={pending}
        aria-label="Edit input and run"
        title="Edit the input, then run"
      >
        <SquarePen size={13} aria-hidden />
      </Button>
    </>
  );
}

/** The run's input as text, else the Entry's default input it ran with, else that it had none. */
function RunInputValue({ text, defaultInput }: { text: string; defaultInput: string }) {
  if (text) {
    return (
      <pre className="run-input-value" data-testid="run-input-value">
        {text}
      </pre>
    );
  }
  if (defaultInput) {
    return (
      <>
        <p className="panel-empty" data-testid="run-input-default">
          Started without input: the Entry&apos;s default input was used.
        </p>
        <pre className="run-input-value" data-testid="run-input-value">
          {defaultInput}
        </pre>
      </>
    );
  }
  return <p className="panel-empty">No input: the run started with nothing.</p>;
}
