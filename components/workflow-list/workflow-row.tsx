"use client";
/** One row of the workflow list: opens the workflow, and renames, duplicates or deletes it in place. */
import { Copy, FlaskConical, Pencil, Trash2, Workflow } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { deleteWorkflowAction, duplicateWorkflowAction, renameWorkflowAction } from "@/app/workflows/actions";
import type { ListActionResult } from "@/app/workflows/schema";
import { Badge } from "@/components/ui/badge";
import { ConfirmDialog } from "./confirm-dialog";
import { formatUsd } from "@/lib/settings/model-price-table";

/** `canEdit` is false for viewers: the row only opens the workflow. `publishedVersion`: the live one, if any. */
type WorkflowRowProps = {
  id: string;
  name: string;
  nodeCount: number;
  publishedVersion: number | null;
  /** What its kept runs' model calls cost, in US dollars. */
  costUsd: number;
  updatedAt: string;
  updatedLabel: string;
  updatedTitle: string;
  canEdit: boolean;
};

export function WorkflowRow(props: WorkflowRowProps) {
  const { id, name, nodeCount, costUsd, updatedAt, updatedLabel, updatedTitle, canEdit } = props;
  const [renaming, setRenaming] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const { act, pending, error } = useRowAction();
  const rename = (value: string) => {
    setRenaming(false);
    if (value.trim() && value.trim() !== name) act(() => renameWorkflowAction(id, value));
  };
  const nodes = `${nodeCount} node${nodeCount === 1 ? "" : "s"}`;
  return (
    <div className="table-row workflow-row" data-testid="workflow-row" data-workflow-id={id} aria-busy={pending}>
      <span className="workflow-row-name">
        <span className="workflow-row-icon">
          <Workflow size={15} aria-hidden />
        </span>
        {renaming ? (
          <RenameInput name={name} onDone={rename} onCancel={() => setRenaming(false)} />
        ) : (
          <Link href={`/workflows/${id}`} className="workflow-row-link" data-testid="workflow-row-link">
            {name}
          </Link>
        )}
        <LiveBadge publishedVersion={props.publishedVersion} />
        {error && <RowError error={error} />}
      </span>
      <span className="muted">{nodes}</span>
      <span className="muted" data-testid="workflow-cost" title="What its runs' model calls cost (the runs still kept)">
        {costUsd > 0 ? formatUsd(costUsd) : "—"}
      </span>
      <time className="muted" dateTime={updatedAt} title={updatedTitle}>
        {updatedLabel}
      </time>
      <RowActions
        id={id}
        name={name}
        hidden={!canEdit}
        onRename={() => setRenaming(true)}
        onDuplicate={() => act(() => duplicateWorkflowAction(id))}
        onDelete={() => setConfirmingDelete(true)}
      />
      {confirmingDelete && (
        <ConfirmDialog
          title={`Delete “${name}”?`}
          confirmLabel="Delete workflow"
          onCancel={() => setConfirmingDelete(false)}
          onConfirm={() =>
            act(
              () => deleteWorkflowAction(id),
              () => setConfirmingDelete(false),
            )
          }
        >
          The workflow and its {nodes} are removed for good. Its past runs stay in the run history.
        </ConfirmDialog>
      )}
    </div>
  );
}

/** Runs a list action; on success refreshes the list, on failure keeps its errors to show in the row. */
function useRowAction() {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const act = (action: () => Promise<ListActionResult>, after?: () => void) =>
    startTransition(async () => {
      const result = await action();
      setError(result.ok ? null : result.errors.join("; "));
      if (result.ok) {
        after?.();
        router.refresh();
      }
    });
  return { act, pending, error };
}

function RenameInput({
  name,
  onDone,
  onCancel,
}: {
  name: string;
  onDone: (value: string) => void;
  onCancel: () => void;
}) {
  return (
    <input
      className="input workflow-row-rename"
      data-testid="workflow-rename-input"
      aria-label="New name"
      defaultValue={name}
      autoFocus
      onFocus={(e) => e.target.select()}
      onBlur={(e) => onDone(e.target.value)}
      onKeyDown={(e) => {
        if (e.key === "Enter") onDone(e.currentTarget.value);
        if (e.key === "Escape") onCancel();
      }}
    />
  );
}

function RowError({ error }: { error: string }) {
  return (
    <span className="workflow-row-error" role="alert">
      {error}
    </span>
  );
}

function LiveBadge({ publishedVersion }: { publishedVersion: number | null }) {
  return publishedVersion ? (
    <Badge tone="success" className="workflow-row-live">
      v{publishedVersion} live
    </Badge>
  ) : (
    <Badge className="workflow-row-live">Draft only</Badge>
  );
}

type RowActionsProps = {
  id: string;
  name: string;
  hidden: boolean;
  onRename: () => void;
  onDuplicate: () => void;
  onDelete: () => void;
};

function RowActions({ id, name, hidden, onRename, onDuplicate, onDelete }: RowActionsProps) {
  return (
    <span className="workflow-row-actions" hidden={hidden}>
      <Link
        href={`/workflows/${id}/evaluations`}
        className="row-action"
        data-testid="workflow-evaluations"
        aria-label={`Evaluations of ${name}`}
        title="Evaluations"
      >
        <FlaskConical size={14} aria-hidden />
      </Link>
      <button
        type="button"
        className="row-action"
        data-testid="workflow-rename"
        aria-label={`Rename ${name}`}
        title="Rename"
        onClick={onRename}
      >
        <Pencil size={14} aria-hidden />
      </button>
      <button
        type="button"
        className="row-action"
        data-testid="workflow-duplicate"
        aria-label={`Duplicate ${name}`}
        title="Duplicate"
        onClick={onDuplicate}
      >
        <Copy size={14} aria-hidden />
      </button>
      <button
        type="button"
        className="row-action row-action-danger"
        data-testid="workflow-delete"
        aria-label={`Delete ${name}`}
        title="Delete"
        onClick={onDelete}
      >
        <Trash2 size={14} aria-hidden />
      </button>
    </span>
  );
}
