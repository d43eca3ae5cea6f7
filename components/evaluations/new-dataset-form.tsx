"use client";
/** Makes a dataset of the workflow by name (and what it is for), then opens it to add or import its rows. */
import { Plus } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { callApi, datasetsPath } from "./evaluation-api";

export function NewDatasetForm({ workflowId }: { workflowId: string }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!open)
    return (
      <Button size="sm" onClick={() => setOpen(true)} data-testid="new-dataset">
        <Plus size={14} aria-hidden /> New dataset
      </Button>
    );
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const body = { name: String(form.get("name") ?? ""), description: String(form.get("description") ?? "") };
    const answer = await callApi<{ id: string }>("POST", datasetsPath(workflowId), body);
    if (!answer.ok) return setError(answer.error);
    router.push(`/workflows/${workflowId}/evaluations/datasets/${answer.body.id}`);
  };
  return (
    <form className="eval-inline-form" onSubmit={(event) => void submit(event)} data-testid="new-dataset-form">
      <label>
        Name
        <input className="input" name="name" required maxLength={100} placeholder="cities" autoFocus />
      </label>
      <label className="eval-inline-form-wide">
        What it checks
        <input className="input" name="description" maxLength={2000} placeholder="Temperatures of European cities" />
      </label>
      <Button type="submit" variant="primary" size="sm">
        Create
      </Button>
      <Button size="sm" variant="ghost" onClick={() => setOpen(false)}>
        Cancel
      </Button>
      {error && (
        <p className="eval-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
