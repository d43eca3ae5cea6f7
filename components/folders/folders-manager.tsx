"use client";
/**
 * The folders someone is in, with their members and roles. Editors (and admins) make folders and manage the ones they
 * made; on a folder they manage (admins: every folder) they rename it, add a person with a role, change a role, take
 * someone out, and delete it once empty. What each may do comes from the server (FolderSummary.access).
 */
import "./folders.css";
import { useRouter } from "next/navigation";
import { useState, useTransition, type FormEvent } from "react";
import { createFolderAction } from "@/app/folders/actions";
import type { FolderActionResult } from "@/app/folders/schema";
import type { FolderSummary } from "@/lib/workflow-store/folders";
import { Button } from "@/components/ui/button";
import { FolderCard, type Act, type Person } from "./folder-card";

type Props = { folders: FolderSummary[]; people: Person[]; canCreate: boolean };

function useFolderAction() {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const act: Act = (action) =>
    startTransition(async () => {
      const result = await action();
      setError(result.ok ? null : result.error);
      if (result.ok) router.refresh();
    });
  return { act, error, pending };
}

export function FoldersManager({ folders, people, canCreate }: Props) {
  const { act, error, pending } = useFolderAction();
  return (
    <div className="folders" aria-busy={pending}>
      {canCreate && <NewFolderForm act={act} />}
      {error && (
        <p className="folder-error" role="alert" data-testid="folder-error">
          {error}
        </p>
      )}
      {folders.length === 0 && (
        <p className="muted folder-none">
          {canCreate ? "No folders yet: make one to share workflows with your team." : "You are in no folder yet."}
        </p>
      )}
      {folders.map((folder) => (
        <FolderCard key={folder.id} folder={folder} people={people} act={act} />
      ))}
    </div>
  );
}

function NewFolderForm({ act }: { act: Act }) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const name = String(new FormData(form).get("name") ?? "");
    act(async (): Promise<FolderActionResult> => {
      const result = await createFolderAction(name);
      if (result.ok) form.reset();
      return result;
    });
  };
  return (
    <form className="folder-new" onSubmit={submit}>
      <input
        className="input"
        name="name"
        placeholder="New folder name"
        aria-label="Folder name"
        data-testid="folder-name"
      />
      <Button type="submit" variant="primary" data-testid="create-folder">
        Create folder
      </Button>
      <span className="muted">You manage the folders you make.</span>
    </form>
  );
}
