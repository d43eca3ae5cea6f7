"use client";
/** One row of the workflow list: opens the workflow, and renames, duplicates or deletes it in place. */
import { Copy, FlaskConical, FolderInput, Pencil, Trash2, Workflow } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { placeWorkflowAction } from "@/app/folders/actions";
import { deleteWorkflowAction, duplicateWorkflowAction, renameWorkflowAction } from "@/app/workflows/actions";
import type { ListActionResult } from "@/app/workflows/schema";
import { Badge } from "@/components/ui/badge";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { PlaceWorkflowDialog } from "./place-workflow-dialog";
import { formatUsd } from "@/lib/settings/format-usd";

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
  folderId: string | null;
  folderName: string | null;
  tags: string[];
  /** The folders the person may put workflows into. */
  folders: { id: string; name: string }[];
};

export function WorkflowRow(props: WorkflowRowProps) {
  const { id, name, nodeCount, costUsd, updatedAt, updatedLabel, updatedTitle, canEdit } = props;
  const [renaming, setRenaming] = useState(false);
  const [dialog, setDialog] = useState<"place" | "delete" | null>(null);
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
        <RowTitle
          id={id}
          name={name}
          renaming={renaming}
          onRename={rename}
          onCancel={() => setRenaming(false)}
          publishedVersion={props.publishedVersion}
          tags={props.tags}
        />
        {error && <RowError error={error} />}
      </span>
      <span className="muted" data-testid="workflow-folder">
        {props.folderName ?? "Private"}
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
        onPlace={() => setDialog("place")}
        onDuplicate={() => act(() => duplicateWorkflowAction(id))}
        onDelete={() => setDialog("delete")}
      />
      <RowDialogs
        {...props}
        nodes={nodes}
        placing={dialog === "place"}
        confirmingDelete={dialog === "delete"}
        close={() => setDialog(null)}
        act={act}
      />
    </div>
  );
}

/** A folder action's answer as the list's actions give theirs. */
async function asListResult(result: Promise<{ ok: true } | { ok: false; error: string }>): Promise<ListActionResult> {
  const answered = await result;
  return answered.ok ? { ok: true } : { ok: false, errors: [answered.error] };
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
  onPlace: () => void;
  onDuplicate: () => void;
  onDelete: () => void;
};

function RowActions({ id, name, hidden, onRename, onPlace, onDuplicate, onDelete }: RowActionsProps) {
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
        data-testid="workflow-place"
        aria-label={`Folder and tags of ${name}`}
        title="Folder and tags"
        onClick={onPlace}
      >
        <FolderInput size={14} aria-hidden />
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

type RowDialogsProps = WorkflowRowProps & {
  nodes: string;
  placing: boolean;
  confirmingDelete: boolean;
  close: () => void;
  act: ReturnType<typeof useRowAction>["act"];
};

/** The row's dialogs: its folder and tags, and the question before deleting it. */
function RowDialogs({ id, name, nodes, placing, confirmingDelete, close, act, ...props }: RowDialogsProps) {
  const { folderId, tags, folders } = props;
  return (
    <>
      {placing && (
        <PlaceWorkflowDialog
          name={name}
          folderId={folderId}
          tags={tags}
          folders={folders}
          onCancel={close}
          onSave={(folderId, tags) => act(() => asListResult(placeWorkflowAction(id, folderId, tags)), close)}
        />
      )}
      {confirmingDelete && (
        <ConfirmDialog
          title={`Delete “${name}”?`}
          confirmLabel="Delete workflow"
          onCancel={close}
          onConfirm={() => act(() => deleteWorkflowAction(id), close)}
        >
          The workflow and its {nodes} are removed for good. Its past runs stay in the run history.
        </ConfirmDialog>
      )}
    </>
  );
}

type RowTitleProps = {
  id: string;
  name: string;
  renaming: boolean;
  onRename: (value: string) => void;
  onCancel: () => void;
  publishedVersion: number | null;
  tags: string[];
};

/** The name (or its rename box) and the draft/live badge on one line, the tags under them. */
function RowTitle({ id, name, renaming, onRename, onCancel, publishedVersion, tags }: RowTitleProps) {
  return (
    <span className="workflow-row-title">
      <span className="workflow-row-title-line">
        {renaming ? (
          <RenameInput name={name} onDone={onRename} onCancel={onCancel} />
        ) : (
          <Link href={`/workflows/${id}`} className="workflow-row-link" data-testid="workflow-row-link">
            {name}
          </Link>
        )}
        <LiveBadge publishedVersion={publishedVersion} />
      </span>
      {tags.length > 0 && <RowTags tags={tags} />}
    </span>
  );
}

function RowTags({ tags }: { tags: string[] }) {
  return (
    <span className="workflow-row-tags" data-testid="workflow-tags" title={tags.join(", ")}>
      {tags.map((tag) => (
        <Badge key={tag} className="workflow-row-tag">
          {tag}
        </Badge>
      ))}
    </span>
  );
}
