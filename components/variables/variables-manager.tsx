"use client";
/**
 * Set and delete variables (editors; viewers only read them): a name, a value, and whether every workflow reads it or
 * one workflow has it as its own. Templates read them as {{vars.NAME}} when a run gets there.
 */
import "./variables.css";
import { Trash2 } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";

export type VariableItem = { name: string; value: string; workflowId: string | null };
type Props = { variables: VariableItem[]; workflows: { id: string; name: string }[]; canEdit: boolean };

async function send(method: "PUT" | "DELETE", name: string, workflowId: string | null, value?: string) {
  const query = workflowId ? `?workflowId=${encodeURIComponent(workflowId)}` : "";
  const response = await fetch(`/api/variables/${encodeURIComponent(name)}${query}`, {
    method,
    headers: { "content-type": "application/json" },
    body: method === "PUT" ? JSON.stringify({ value }) : undefined,
  });
  if (response.ok) return null;
  return (
    ((await response.json().catch(() => ({}))) as { error?: string }).error ?? `The server answered ${response.status}`
  );
}

export function VariablesManager({ variables, workflows, canEdit }: Props) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const act = async (failure: Promise<string | null>) => {
    const message = await failure;
    setError(message);
    if (!message) router.refresh();
    return !message;
  };
  const workflowName = (id: string | null) =>
    id === null ? "Every workflow" : `Only ${workflows.find((workflow) => workflow.id === id)?.name ?? id}`;
  return (
    <div>
      {canEdit && (
        <VariableForm workflows={workflows} save={(name, value, scope) => act(send("PUT", name, scope, value))} />
      )}
      {error && (
        <p className="variable-error" role="alert" data-testid="variable-error">
          {error}
        </p>
      )}
      {variables.length === 0 && <p className="muted">No variables yet.</p>}
      <ul className="variable-list" data-testid="variable-list">
        {variables.map((variable) => (
          <li key={`${variable.workflowId}:${variable.name}`} className="variable-row" data-testid="variable-row">
            <code>{`{{vars.${variable.name}}}`}</code>
            <span className="variable-value">{variable.value}</span>
            <span className="muted">{workflowName(variable.workflowId)}</span>
            {canEdit && (
              <button
                type="button"
                className="row-action row-action-danger"
                aria-label={`Delete ${variable.name}`}
                onClick={() => void act(send("DELETE", variable.name, variable.workflowId))}
              >
                <Trash2 size={14} aria-hidden />
              </button>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

type FormProps = {
  workflows: Props["workflows"];
  save: (name: string, value: string, scope: string | null) => Promise<boolean>;
};

/** A variable's name, value and who reads it; cleared once saved. */
function VariableForm({ workflows, save }: FormProps) {
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const target = event.currentTarget;
    const form = new FormData(target);
    const scope = String(form.get("scope") ?? "");
    if (await save(String(form.get("name")).trim(), String(form.get("value")), scope || null)) target.reset();
  };
  return (
    <form className="variable-form" onSubmit={(event) => void submit(event)} data-testid="variable-form">
      <label>
        Name
        <input className="input" name="name" required placeholder="BASE_URL" data-testid="variable-name" />
      </label>
      <label>
        Value
        <input className="input" name="value" placeholder="https://api.example.com" data-testid="variable-value" />
      </label>
      <label>
        Read by
        <select className="input" name="scope" data-testid="variable-scope">
          <option value="">Every workflow</option>
          {workflows.map((workflow) => (
            <option key={workflow.id} value={workflow.id}>
              {workflow.name} only
            </option>
          ))}
        </select>
      </label>
      <Button type="submit" variant="primary" data-testid="variable-save">
        Save
      </Button>
    </form>
  );
}
