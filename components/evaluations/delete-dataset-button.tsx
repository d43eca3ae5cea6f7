"use client";
/** Deletes a dataset, with its rows and the evaluations that ran it, once the person confirms; back to the list. */
import { Trash2 } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { callApi, datasetsPath } from "./evaluation-api";

export function DeleteDatasetButton({
  workflowId,
  dataset,
}: {
  workflowId: string;
  dataset: { id: string; name: string };
}) {
  const router = useRouter();
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const remove = async () => {
    const answer = await callApi("DELETE", `${datasetsPath(workflowId)}/${encodeURIComponent(dataset.id)}`);
    if (!answer.ok) return setError(answer.error);
    router.push(`/workflows/${workflowId}/evaluations`);
    router.refresh();
  };
  return (
    <>
      <Button variant="ghost" size="sm" onClick={() => setAsking(true)} data-testid="delete-dataset">
        <Trash2 size={14} aria-hidden /> Delete
      </Button>
      {asking && (
        <ConfirmDialog
          title={`Delete the dataset "${dataset.name}"?`}
          confirmLabel="Delete"
          onConfirm={() => void remove()}
          onCancel={() => setAsking(false)}
        >
          <p>Its rows and the evaluations that ran it go with it. The runs stay in the run history.</p>
          {error && <p className="eval-error">{error}</p>}
        </ConfirmDialog>
      )}
    </>
  );
}
