"use client";
/**
 * The folders someone is in, with their members and roles; for admins also a form to make one, a way to add a person
 * with a role, change a role, take someone out, and delete an empty folder.
 */
import "./folders.css";
import { Trash2 } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState, useTransition, type FormEvent } from "react";
import { createFolderAction, deleteFolderAction, setFolderMemberAction } from "@/app/folders/actions";
import type { FolderActionResult } from "@/app/folders/schema";
import type { FolderSummary } from "@/lib/workflow-store/folders";
import { Button } from "@/components/ui/button";

type Person = { id: string; name: string; email: string };
type Props = { folders: FolderSummary[]; people: Person[]; canManage: boolean };
type Act = (action: () => Promise<FolderActionResult>) => void;

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

export function FoldersManager({ folders, people, canManage }: Props) {
  const { act, error, pending } = useFolderAction();
  return (
    <div className="folders" aria-busy={pending}>
      {canManage && <NewFolderForm act={act} />}
      {error && (
        <p className="folder-error" role="alert" data-testid="folder-error">
          {error}
        </p>
      )}
      {folders.length === 0 && <p className="muted">{canManage ? "No folders yet." : "You are in no folder yet."}</p>}
      {folders.map((folder) => (
        <FolderCard key={folder.id} folder={folder} people={people} canManage={canManage} act={act} />
      ))}
    </div>
  );
}

function NewFolderForm({ act }: { act: Act }) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const name = String(new FormData(form).get("name") ?? "");
    act(async () => {
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
    </form>
  );
}

type CardProps = { folder: FolderSummary; people: Person[]; canManage: boolean; act: Act };

function FolderCard({ folder, people, canManage, act }: CardProps) {
  const outside = people.filter((person) => !folder.members.some((member) => member.userId === person.id));
  const count = `${folder.workflowCount} workflow${folder.workflowCount === 1 ? "" : "s"}`;
  return (
    <section className="folder-card" data-testid="folder-card" data-folder-name={folder.name}>
      <header className="folder-card-head">
        <h2>{folder.name}</h2>
        <span className="muted">{count}</span>
        {canManage && (
          <button
            type="button"
            className="row-action row-action-danger"
            aria-label={`Delete folder ${folder.name}`}
            title={folder.workflowCount > 0 ? "Move its workflows out first" : "Delete"}
            data-testid="delete-folder"
            onClick={() => act(() => deleteFolderAction(folder.id))}
          >
            <Trash2 size={14} aria-hidden />
          </button>
        )}
      </header>
      {folder.members.length === 0 && (
        <p className="muted">No members: only admins and the owners see its workflows.</p>
      )}
      <ul className="folder-members">
        {folder.members.map((member) => (
          <li key={member.userId} className="folder-member" data-testid="folder-member">
            <span>{member.name}</span>
            <span className="muted">{member.email}</span>
            {canManage ? (
              <RolePicker
                label={`${member.name}'s role in ${folder.name}`}
                value={member.role}
                onChange={(role) => act(() => setFolderMemberAction(folder.id, member.userId, role))}
              />
            ) : (
              <span data-testid="folder-member-role">{member.role}</span>
            )}
          </li>
        ))}
      </ul>
      {canManage && outside.length > 0 && <AddMemberForm folderId={folder.id} people={outside} act={act} />}
    </section>
  );
}

function RolePicker(props: { label: string; value: string; onChange: (role: string | null) => void }) {
  return (
    <select
      className="input"
      aria-label={props.label}
      value={props.value}
      data-testid="folder-member-role"
      onChange={(event) => props.onChange(event.target.value === "remove" ? null : event.target.value)}
    >
      <option value="viewer">viewer</option>
      <option value="editor">editor</option>
      <option value="remove">remove from folder</option>
    </select>
  );
}

function AddMemberForm({ folderId, people, act }: { folderId: string; people: Person[]; act: Act }) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    act(() => setFolderMemberAction(folderId, data.get("userId"), data.get("role")));
  };
  return (
    <form className="folder-add" onSubmit={submit}>
      <select className="input" name="userId" aria-label="Person to add" data-testid="folder-add-person">
        {people.map((person) => (
          <option key={person.id} value={person.id}>
            {person.name} ({person.email})
          </option>
        ))}
      </select>
      <select className="input" name="role" aria-label="Their role" data-testid="folder-add-role" defaultValue="editor">
        <option value="viewer">viewer</option>
        <option value="editor">editor</option>
      </select>
      <Button type="submit" variant="secondary" data-testid="folder-add-member">
        Add to folder
      </Button>
    </form>
  );
}
