"use client";
/**
 * Picks another workflow by name (for the Workflow Tool), from the workflows this person may see; the value is its id.
 */
import { useEffect, useState } from "react";
import { useEditorStore } from "../editor-store-context";

type Listed = { id: string; name: string };

export function WorkflowRefInput({
  id,
  testId,
  value,
  invalid,
  onChange,
}: {
  id: string;
  testId: string;
  value: string;
  invalid: boolean;
  onChange: (value: string) => void;
}) {
  const currentId = useEditorStore((state) => state.workflowId);
  const [workflows, setWorkflows] = useState<Listed[] | null>(null);
  useEffect(() => {
    let live = true;
    void fetch("/api/workflows")
      .then((response) => (response.ok ? (response.json() as Promise<Listed[]>) : []))
      .then((list) => live && setWorkflows(list))
      .catch(() => live && setWorkflows([]));
    return () => {
      live = false;
    };
  }, []);
  const others = (workflows ?? []).filter((workflow) => workflow.id !== currentId);
  return (
    <select
      id={id}
      data-testid={testId}
      className="input select"
      value={value}
      aria-invalid={invalid}
      onChange={(e) => onChange(e.target.value)}
    >
      <option value="">
        {workflows === null
          ? "Loading workflows…"
          : others.length === 0
            ? "No other workflows yet"
            : "Choose a workflow…"}
      </option>
      {value && workflows !== null && !others.some((workflow) => workflow.id === value) && (
        <option value={value}>
          {value === currentId ? "This workflow (it would call itself)" : `Missing workflow ${value}`}
        </option>
      )}
      {others.map((workflow) => (
        <option key={workflow.id} value={workflow.id}>
          {workflow.name}
        </option>
      ))}
    </select>
  );
}
