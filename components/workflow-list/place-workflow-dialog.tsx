"use client";
/** The list's "Folder and tags" dialog: the folder that shares the workflow (none: its owner's and admins'), tags. */
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/modal";

type Props = {
  name: string;
  folderId: string | null;
  tags: string[];
  folders: { id: string; name: string }[];
  onSave: (folderId: string | null, tags: string[]) => void;
  onCancel: () => void;
};

export function PlaceWorkflowDialog({ name, folderId, tags, folders, onSave, onCancel }: Props) {
  const [folder, setFolder] = useState(folderId ?? "");
  const [tagText, setTagText] = useState(tags.join(", "));
  const save = () =>
    onSave(
      folder || null,
      tagText
        .split(",")
        .map((tag) => tag.trim())
        .filter(Boolean),
    );
  return (
    <Modal
      title={`Folder and tags of “${name}”`}
      testId="place-dialog"
      onCancel={onCancel}
      actions={
        <>
          <Button onClick={onCancel}>Cancel</Button>
          <Button variant="primary" data-testid="place-save" onClick={save}>
            Save
          </Button>
        </>
      }
    >
      <PlaceFields folder={folder} setFolder={setFolder} folders={folders} tagText={tagText} setTagText={setTagText} />
    </Modal>
  );
}

type FieldsProps = {
  folder: string;
  setFolder: (value: string) => void;
  folders: { id: string; name: string }[];
  tagText: string;
  setTagText: (value: string) => void;
};

function PlaceFields(props: FieldsProps) {
  return (
    <div className="workflow-place">
      <label className="field">
        <span>Folder (its members see it)</span>
        <select
          className="input"
          value={props.folder}
          onChange={(e) => props.setFolder(e.target.value)}
          data-testid="place-folder"
        >
          <option value="">Not in a folder: only its owner and admins</option>
          {props.folders.map((option) => (
            <option key={option.id} value={option.id}>
              {option.name}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span>Tags, separated by commas</span>
        <input
          className="input"
          value={props.tagText}
          onChange={(e) => props.setTagText(e.target.value)}
          placeholder="finance, alerts"
          data-testid="place-tags"
        />
      </label>
    </div>
  );
}
