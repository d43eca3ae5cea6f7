"use client";
/** Which workflows a new API key is limited to: tick some, or none for every workflow. Folded away until wanted. */
export type WorkflowChoice = { id: string; name: string };

export function KeyWorkflowPicker({
  workflows,
  picked,
  onChange,
}: {
  workflows: WorkflowChoice[];
  picked: string[];
  onChange: (picked: string[]) => void;
}) {
  const toggle = (id: string, on: boolean) => onChange(on ? [...picked, id] : picked.filter((other) => other !== id));
  return (
    <details className="key-workflows" data-testid="key-workflows">
      <summary>Workflows: {picked.length === 0 ? "all" : `only ${picked.length} picked`}</summary>
      {workflows.length === 0 ? (
        <p className="settings-empty">No workflows yet: this key will reach every workflow made later.</p>
      ) : (
        <ul>
          {workflows.map((workflow) => (
            <li key={workflow.id}>
              <label>
                <input
                  type="checkbox"
                  checked={picked.includes(workflow.id)}
                  onChange={(event) => toggle(workflow.id, event.target.checked)}
                  data-testid="key-workflow-option"
                />
                {workflow.name}
              </label>
            </li>
          ))}
        </ul>
      )}
      <p className="meta">
        None picked: the key reaches every workflow. Picked: only those, over the API and the MCP server (not pages).
      </p>
    </details>
  );
}
