"use client";
/**
 * Picks another workflow by name (for the Workflow Tool), from the workflows this person may see; the value is its id.
 * The list is the editor's kept read (editor-reads.tsx), read again as the picker is opened if it is not fresh.
 */
import { useEditorRead } from "../editor-reads";
import { WORKFLOW_LIST_PATH } from "../editor-read-paths";
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
  const read = useEditorRead<Listed[]>(WORKFLOW_LIST_PATH);
  const workflows = read.value ?? (read.problem ? [] : null);
  const others = (workflows ?? []).filter((workflow) => workflow.id !== currentId);
  return (
    <select
      id={id}
      data-testid={testId}
      className="input select"
      value={value}
      aria-invalid={invalid}
      onChange={(e) => onChange(e.target.value)}
      onFocus={read.refresh}
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
