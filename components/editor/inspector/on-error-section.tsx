"use client";
/**
 * Every node's "On error" settings (lib/workflow/resilience.ts): retry its work (tries, wait,
 * backoff) and what a failure then does — stop the run, hand the error on, or feed an `error` handle.
 * Out-of-range numbers are kept as typed so the compiler names the field; the save refuses them.
 */
import type { ChangeEvent } from "react";
import type { NodeRetry, OnError } from "@/lib/workflow/resilience";
import { MAX_RETRY_WAIT_MS, MAX_TRIES } from "@/lib/workflow/constants";
import type { EditorNodeData } from "../graph-conversion";
import { useEditorStore } from "../editor-store-context";
import { NumberInput } from "./number-input";

const DEFAULT_RETRY: NodeRetry = { maxTries: 3, waitMs: 1000, backoff: "fixed" };

const CHOICES: { value: OnError; label: string; help: string }[] = [
  { value: "stop", label: "Stop the run", help: "The run fails naming this node." },
  {
    value: "continue",
    label: "Continue",
    help: "The run goes on: whatever is wired next receives { error: { message, nodeId } }.",
  },
  {
    value: "errorOutput",
    label: "Error output",
    help: "Adds an Error handle: on failure only what is wired to it runs, on success only the other outputs.",
  },
];

export function OnErrorSection({ id, data }: { id: string; data: EditorNodeData }) {
  const updateNodeData = useEditorStore((state) => state.updateNodeData);
  const problems = useEditorStore((state) =>
    (state.runErrors ?? state.compileErrors).filter(
      (p) => p.nodeId === id && (p.field?.startsWith("retry") || p.field === "onError"),
    ),
  );
  const retry = data.retry;
  const toolMode = data.mode === "tool";
  return (
    <section className="inspector-section" data-testid="on-error-section">
      <h3 className="inspector-section-title">On error</h3>
      <label className="field field-inline">
        <span className="field-label">Retry on failure</span>
        <input
          type="checkbox"
          role="switch"
          className="switch"
          data-testid="retry-toggle"
          checked={retry !== undefined}
          onChange={(e: ChangeEvent<HTMLInputElement>) =>
            updateNodeData(id, { retry: e.target.checked ? DEFAULT_RETRY : undefined })
          }
        />
      </label>
      {retry && (
        <RetryFields
          id={id}
          retry={retry}
          onChange={(change) => updateNodeData(id, { retry: { ...DEFAULT_RETRY, ...retry, ...change } })}
        />
      )}
      {retry && (
        <p className="field-help">
          {toolMode
            ? "Each call an agent makes to this tool is tried again; the agent sees one result. "
            : "The node's work is tried again, so it may repeat what it did (a POST, a message). "}
          A 429 or 503 with Retry-After waits as long as the server asks, up to {MAX_RETRY_WAIT_MS / 60_000} minutes.
        </p>
      )}
      {!toolMode && (
        <StillFailsChoice
          id={id}
          choice={data.onError ?? "stop"}
          onChange={(onError) => updateNodeData(id, { onError: onError === "stop" ? undefined : onError })}
        />
      )}
      {problems.map((problem) => (
        <p key={problem.message} className="field-error">
          {problem.message}
        </p>
      ))}
    </section>
  );
}

type RetryFieldsProps = { id: string; retry: NodeRetry; onChange: (change: Partial<NodeRetry>) => void };

function RetryFields({ id, retry, onChange }: RetryFieldsProps) {
  return (
    <div className="on-error-retry">
      <div className="field">
        <label className="field-label" htmlFor={`${id}-retry-tries`}>
          Tries (1–{MAX_TRIES})
        </label>
        <NumberInput
          id={`${id}-retry-tries`}
          testId="retry-max-tries"
          value={retry.maxTries}
          onChange={(value) => onChange({ maxTries: value ?? DEFAULT_RETRY.maxTries })}
        />
      </div>
      <div className="field">
        <label className="field-label" htmlFor={`${id}-retry-wait`}>
          Wait (ms)
        </label>
        <NumberInput
          id={`${id}-retry-wait`}
          testId="retry-wait-ms"
          value={retry.waitMs}
          placeholder={String(DEFAULT_RETRY.waitMs)}
          onChange={(value) => onChange({ waitMs: value ?? DEFAULT_RETRY.waitMs })}
        />
      </div>
      <div className="field">
        <label className="field-label" htmlFor={`${id}-retry-backoff`}>
          Backoff
        </label>
        <select
          id={`${id}-retry-backoff`}
          data-testid="retry-backoff"
          className="input select"
          value={retry.backoff}
          onChange={(e) => onChange({ backoff: e.target.value as NodeRetry["backoff"] })}
        >
          <option value="fixed">Fixed</option>
          <option value="exponential">Exponential</option>
        </select>
      </div>
    </div>
  );
}

function StillFailsChoice({
  id,
  choice,
  onChange,
}: {
  id: string;
  choice: OnError;
  onChange: (choice: OnError) => void;
}) {
  return (
    <div className="field">
      <label className="field-label" htmlFor={`${id}-on-error`}>
        When it still fails
      </label>
      <select
        id={`${id}-on-error`}
        data-testid="on-error-choice"
        className="input select"
        value={choice}
        onChange={(e) => onChange(e.target.value as OnError)}
      >
        {CHOICES.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <p className="field-help">{CHOICES.find((option) => option.value === choice)?.help}</p>
    </div>
  );
}
