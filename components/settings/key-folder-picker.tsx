"use client";
/** Which folder a new API key is limited to: none (every workflow its owner may reach), or one folder's workflows. */
export type FolderChoice = { id: string; name: string };

export function KeyFolderPicker({
  folders,
  value,
  onChange,
}: {
  folders: FolderChoice[];
  value: string;
  onChange: (folderId: string) => void;
}) {
  return (
    <label>
      <span>Folder</span>
      <select
        className="input"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        disabled={folders.length === 0}
        title={folders.length === 0 ? "You are in no folder" : undefined}
        data-testid="api-key-folder"
      >
        <option value="">Any folder</option>
        {folders.map((folder) => (
          <option key={folder.id} value={folder.id}>
            {folder.name}
          </option>
        ))}
      </select>
    </label>
  );
}
