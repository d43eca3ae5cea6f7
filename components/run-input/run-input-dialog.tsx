"use client";
/** A modal that asks for a run's input (text or JSON) and starts the run: "Run with input…" in the editor, "Edit input and run" on a run. */
import { Play } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { parseRunInput } from "./parse-run-input";
import "./run-input.css";

type RunInputDialogProps = { title: string; initialText: string; busy: boolean; error?: string; onRun: (input: unknown) => void; onCancel: () => void };

export function RunInputDialog({ title, initialText, busy, error, onRun, onCancel }: RunInputDialogProps) {
  const [text, setText] = useState(initialText);
  const parsed = parseRunInput(text);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && onCancel();
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [onCancel]);

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
          onRun(parsed.value);
        }}
      >
        <h2 id="run-input-title" className="modal-title">
          {title}
        </h2>
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
          onKeyDown={(e) => {
            if (e.key === "Enter" && (e.metaKey || e.ctrlKey)) e.currentTarget.form?.requestSubmit();
          }}
        />
        <p className="run-input-kind" data-testid="run-input-kind">
          {parsed.kind === "none" ? "No input: the Entry hands on nothing." : `Sent as ${parsed.kind}.`} Ctrl/⌘ Enter runs.
        </p>
        {error && (
          <p className="run-input-error" role="alert">
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
      </form>
    </div>
  );
}
