"use client";
/**
 * A modal that asks for a run's input and starts the run: "Run with input…" in the editor, "Edit
 * input and run" on a run. With input fields on the Entry it is a form built from them; without,
 * a box for text or JSON.
 */
import { Play } from "lucide-react";
import { useState } from "react";
import type { InputField } from "@/lib/workflow/run-input-schema";
import { Button } from "@/components/ui/button";
import { useCancelOnEscape } from "@/components/ui/modal";
import { parseRunInput, runInputText } from "./parse-run-input";
import { formInput, initialFormValues, RunInputForm } from "./run-input-form";
import "./run-input.css";

type RunInputDialogProps = {
  title: string;
  /** The input to start from (a previous run's), if any. */
  initialInput?: unknown;
  /** The Entry's input fields; none means free text or JSON. */
  fields?: InputField[];
  busy: boolean;
  error?: string;
  onRun: (input: unknown) => void;
  onCancel: () => void;
};

export function RunInputDialog({
  title,
  initialInput,
  fields = [],
  busy,
  error,
  onRun,
  onCancel,
}: RunInputDialogProps) {
  const [text, setText] = useState(() => runInputText(initialInput));
  const [values, setValues] = useState(() => initialFormValues(fields, initialInput));
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const parsed = parseRunInput(text);
  useCancelOnEscape(onCancel);

  const submit = () => {
    if (fields.length === 0) return onRun(parsed.value);
    const { input, errors } = formInput(fields, values);
    setFieldErrors(errors);
    if (Object.keys(errors).length === 0) onRun(input);
  };

  return (
    <div className="modal-backdrop" onClick={onCancel}>
      <form
        className="modal run-input-modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby="run-input-title"
        data-testid="run-input-dialog"
        onClick={(e) => e.stopPropagation()}
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
        onKeyDown={(e) => {
          if (e.key === "Enter" && (e.metaKey || e.ctrlKey)) submit();
        }}
      >
        <h2 id="run-input-title" className="modal-title">
          {title}
        </h2>
        {fields.length > 0 ? (
          <RunInputForm fields={fields} values={values} errors={fieldErrors} onChange={setValues} />
        ) : (
          <FreeInput text={text} setText={setText} kind={parsed.kind} />
        )}
        <DialogFooter error={error} busy={busy} onCancel={onCancel} />
      </form>
    </div>
  );
}

type FreeInputProps = {
  text: string;
  setText: (text: string) => void;
  kind: ReturnType<typeof parseRunInput>["kind"];
};

/** Without input fields on the Entry: a box for text or JSON, and what it will be sent as. */
function FreeInput({ text, setText, kind }: FreeInputProps) {
  return (
    <>
      <label className="run-input-label" htmlFor="run-input-text">
        Input for the Entry node: text, or JSON
      </label>
      <textarea
        id="run-input-text"
        className="input run-input-text"
        data-testid="run-input-text"
        value={text}
        autoFocus
        spellCheck={false}
        rows={8}
        placeholder='What is the weather in Oslo?   or   { "city": "Oslo" }'
        onChange={(e) => setText(e.target.value)}
      />
      <p className="run-input-kind" data-testid="run-input-kind">
        {kind === "none" ? "No input: the Entry hands on nothing." : `Sent as ${kind}.`} Ctrl/⌘ Enter runs.
      </p>
    </>
  );
}

/** The run's error if starting it failed, then Cancel and Run. */
function DialogFooter({ error, busy, onCancel }: Pick<RunInputDialogProps, "error" | "busy" | "onCancel">) {
  return (
    <>
      {error && (
        <p className="run-input-error" role="alert" data-testid="run-input-error">
          {error}
        </p>
      )}
      <div className="modal-actions">
        <Button type="button" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" variant="primary" data-testid="run-input-submit" disabled={busy}>
          <Play size={14} aria-hidden /> {busy ? "Starting…" : "Run"}
        </Button>
      </div>
    </>
  );
}
