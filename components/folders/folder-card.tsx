"use client";
/**
 * One folder on the Folders page: its name, how many workflows it holds, its members and their roles; for someone who
 * manages it, the controls to rename it, change or remove members, add a person and delete it once empty.
 */
import { Pencil, Trash2 } from "lucide-react";
import { useState, type FormEvent } from "react";
import { deleteFolderAction, renameFolderAction, setFolderMemberAction } from "@/app/folders/actions";
import type { FolderActionResult } from "@/app/folders/schema";
import { FOLDER_ROLES } from "@/lib/auth/access-rule";
import type { FolderSummary } from "@/lib/workflow-store/folders";
import { Button } from "@/components/ui/button";

export type Person = { id: string; name: string; email: string };
export type Act = (action: () => Promise<FolderActionResult>) => void;

const ACCESS_TEXT = { view: "You see it", file: "You add workflows", manage: "You manage it" } as const;

export function FolderCard({ folder, people, act }: { folder: FolderSummary; people: Person[]; act: Act }) {
  const canManage = folder.access === "manage";
  const outside = people.filter((person) => !folder.members.some((member) => member.userId === person.id));
  const count = `${folder.workflowCount} workflow${folder.workflowCount === 1 ? "" : "s"}`;
  return (
    <section className="folder-card" data-testid="folder-card" data-folder-name={folder.name}>
      <FolderHead folder={folder} count={count} canManage={canManage} act={act} />
      {folder.members.length === 0 ? (
        <p className="muted">No members: only admins and the owners see its workflows.</p>
      ) : (
        <ul className="folder-members">
          {folder.members.map((member) => (
            <li key={member.userId} className="folder-member" data-testid="folder-member">
              <span className="folder-member-name">{member.name}</span>
              <span className="muted folder-member-email">{member.email}</span>
              {canManage ? (
                <RolePicker
                  label={`${member.name}'s role in ${folder.name}`}
                  value={member.role}
                  onChange={(role) => act(() => setFolderMemberAction(folder.id, member.userId, role))}
                />
              ) : (
                <span className="folder-role" data-testid="folder-member-role">
                  {member.role}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      {canManage && outside.length > 0 && <AddMemberForm folderId={folder.id} people={outside} act={act} />}
    </section>
  );
}

type HeadProps = { folder: FolderSummary; count: string; canManage: boolean; act: Act };

/** The folder's name (a rename form while renaming), its size, the caller's part in it, and deleting it. */
function FolderHead({ folder, count, canManage, act }: HeadProps) {
  const [renaming, setRenaming] = useState(false);
  const rename = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const name = String(new FormData(event.currentTarget).get("name") ?? "");
    act(async () => {
      const result = await renameFolderAction(folder.id, name);
      if (result.ok) setRenaming(false);
      return result;
    });
  };
  return (
    <header className="folder-card-head">
      {renaming ? (
        <form className="folder-rename" onSubmit={rename}>
          <input className="input" name="name" defaultValue={folder.name} aria-label="New name" autoFocus />
          <Button type="submit" size="sm" variant="primary" data-testid="folder-rename-save">
            Save
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setRenaming(false)}>
            Cancel
          </Button>
        </form>
      ) : (
        <h2>{folder.name}</h2>
      )}
      <span className="muted">{count}</span>
      <span className="folder-access" data-testid="folder-access">
        {ACCESS_TEXT[folder.access]}
      </span>
      {canManage && !renaming && (
        <span className="folder-card-actions">
          <button
            type="button"
            className="row-action"
            aria-label={`Rename folder ${folder.name}`}
            title="Rename"
            data-testid="rename-folder"
            onClick={() => setRenaming(true)}
          >
            <Pencil size={14} aria-hidden />
          </button>
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
        </span>
      )}
    </header>
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
      {FOLDER_ROLES.map((role) => (
        <option key={role} value={role}>
          {role}
        </option>
      ))}
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
        {FOLDER_ROLES.map((role) => (
          <option key={role} value={role}>
            {role}
          </option>
        ))}
      </select>
      <Button type="submit" variant="secondary" data-testid="folder-add-member">
        Add to folder
      </Button>
    </form>
  );
}
