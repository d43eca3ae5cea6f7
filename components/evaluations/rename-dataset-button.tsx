"use client";
/**
 * Renames a dataset or changes what it says it checks, in a dialog (PATCH). Its evaluations hold it by id, so they
 * follow it to the new name; a taken name is refused with the API's words.
 */
import { Pencil } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/modal";
import { callApi, datasetsPath } from "./evaluation-api";

type Props = { workflowId: string; dataset: { id: string; name: string; description: string } };

export function RenameDatasetButton({ workflowId, dataset }: Props) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const formId = `rename-${dataset.id}`;
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const body = { name: String(form.get("name") ?? ""), description: String(form.get("description") ?? "") };
    const answer = await callApi("PATCH", `${datasetsPath(workflowId)}/${encodeURIComponent(dataset.id)}`, body);
    if (!answer.ok) return setError(answer.error);
    setOpen(false);
    router.refresh();
  };
  const close = () => {
    setOpen(false);
    setError(null);
  };
  return (
    <>
      <Button variant="ghost" size="sm" onClick={() => setOpen(true)} data-testid="rename-dataset">
        <Pencil size={14} aria-hidden /> Rename
      </Button>
      {open && (
        <Modal
          title="Rename the dataset"
          testId="rename-dataset-dialog"
          actions={
            <>
              <Button onClick={close}>Cancel</Button>
              <Button type="submit" form={formId} variant="primary">
                Save
              </Button>
            </>
          }
        >
          <form id={formId} className="eval-dialog-form" onSubmit={(event) => void submit(event)}>
            <label>
              Name
              <input className="input" name="name" required maxLength={100} defaultValue={dataset.name} autoFocus />
            </label>
            <label>
              What it checks
              <input className="input" name="description" maxLength={2000} defaultValue={dataset.description} />
            </label>
            <p className="muted eval-hint">Evaluations already run keep their results and show the new name.</p>
            {error && (
              <p className="eval-error" role="alert">
                {error}
              </p>
            )}
          </form>
        </Modal>
      )}
    </>
  );
}
