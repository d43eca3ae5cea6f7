"use client";
/**
 * Your API keys: create one (shown once, optionally limited to one folder's workflows and/or to some workflows), see
 * each one's limit and when it was last used, revoke. A key acts with your role.
 */
import { KeyRound, Trash2 } from "lucide-react";
import { useState, type FormEvent, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { formatRelativeTime } from "@/components/ui/format-relative-time";
import { createApiKeyAction, revokeApiKeyAction } from "@/app/settings/actions";
import { KeyWorkflowPicker, type WorkflowChoice } from "./key-workflow-picker";
import { KeyFolderPicker, type FolderChoice } from "./key-folder-picker";
import { OneTimeSecret } from "./one-time-secret";

export type ApiKeyItem = {
  id: string;
  name: string;
  start: string | null;
  createdAt: string;
  lastRequest: string | null;
  workflows: { id: string; name: string | null }[] | null;
  folder: { id: string; name: string | null } | null;
};

/** What a key reaches, in words: its folder's workflows and/or the workflows picked, or all. */
function reachOf(key: ApiKeyItem): string {
  const folder = key.folder && `folder ${key.folder.name ?? `${key.folder.id} (deleted)`}`;
  const workflows =
    key.workflows && `only ${key.workflows.map((workflow) => workflow.name ?? `${workflow.id} (deleted)`).join(", ")}`;
  if (folder && workflows) return `${workflows}, in ${folder}`;
  return workflows ?? (folder ? `${folder}'s workflows` : "all workflows");
}

export function ApiKeysSection({
  keys,
  role,
  workflows,
  folders,
}: {
  keys: ApiKeyItem[];
  role: string;
  workflows: WorkflowChoice[];
  folders: FolderChoice[];
}) {
  const [name, setName] = useState("");
  const [picked, setPicked] = useState<string[]>([]);
  const [folderId, setFolderId] = useState("");
  const [created, setCreated] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const now = new Date();

  async function create(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const result = await createApiKeyAction(name, picked, folderId || null);
    setBusy(false);
    if (!result.ok) return setError(result.error);
    setError(null);
    setCreated(result.key);
    [setName, setFolderId].forEach((reset) => reset(""));
    setPicked([]);
  }

  async function revoke(id: string, keyName: string) {
    if (!window.confirm(`Revoke the API key "${keyName}"? Scripts using it stop working at once.`)) return;
    const result = await revokeApiKeyAction(id);
    setError(result.ok ? null : result.error);
  }

  return (
    <section className="settings-card" data-testid="api-keys">
      <h2>API keys</h2>
      <ApiKeysIntro role={role} />
      <CreateKeyForm name={name} setName={setName} busy={busy} onSubmit={create}>
        <KeyFolderPicker folders={folders} value={folderId} onChange={setFolderId} />
      </CreateKeyForm>
      <KeyWorkflowPicker workflows={workflows} picked={picked} onChange={setPicked} />
      {error && (
        <p className="settings-error" role="alert">
          {error}
        </p>
      )}
      {created && <OneTimeSecret label="Your new API key" value={created} testId="new-api-key" />}
      {keys.length === 0 ? (
        <p className="settings-empty">No API keys yet.</p>
      ) : (
        <ul className="settings-list">
          {keys.map((key) => (
            <ApiKeyRow key={key.id} apiKey={key} now={now} onRevoke={() => revoke(key.id, key.name)} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** How to send a key, that it acts with your role, and where the API is described. */
function ApiKeysIntro({ role }: { role: string }) {
  return (
    <p>
      For scripts and the HTTP API: send <code>Authorization: Bearer KEY</code> (or <code>x-api-key: KEY</code>). A key
      acts as you, with your role ({role}). Every route is described at{" "}
      <a href="/api-docs" data-testid="api-docs-link">
        API reference
      </a>{" "}
      (OpenAPI: <code>/api/openapi.json</code>).
    </p>
  );
}

type CreateKeyFormProps = {
  children?: ReactNode;
  name: string;
  setName: (name: string) => void;
  busy: boolean;
  onSubmit: (event: FormEvent) => Promise<void>;
};

/** The new key's name, its folder (`children`) and the button that creates it. */
function CreateKeyForm({ children, name, setName, busy, onSubmit }: CreateKeyFormProps) {
  return (
    <form className="settings-form" onSubmit={onSubmit}>
      <label>
        <span>Name</span>
        <input
          className="input"
          value={name}
          onChange={(e) => setName(e.target.value)}
          placeholder="deploy script"
          maxLength={64}
          data-testid="api-key-name"
        />
      </label>
      {children}
      <Button type="submit" variant="primary" disabled={busy || !name.trim()} data-testid="create-api-key">
        <KeyRound size={14} aria-hidden /> Create key
      </Button>
    </form>
  );
}

type ApiKeyRowProps = { apiKey: ApiKeyItem; now: Date; onRevoke: () => Promise<void> };

/** One key: its name and first characters, which workflows it reaches, when it was made and last used; revoking. */
function ApiKeyRow({ apiKey: key, now, onRevoke }: ApiKeyRowProps) {
  return (
    <li data-testid="api-key-row">
      <span className="grow">
        <strong>{key.name}</strong> <code className="meta">{key.start}…</code>
      </span>
      <span className="meta" data-testid="api-key-reach">
        {reachOf(key)}
      </span>
      <span className="meta">created {formatRelativeTime(new Date(key.createdAt), now)}</span>
      <span className="meta">
        {key.lastRequest ? `used ${formatRelativeTime(new Date(key.lastRequest), now)}` : "never used"}
      </span>
      <Button
        size="sm"
        variant="ghost"
        onClick={onRevoke}
        aria-label={`Revoke ${key.name}`}
        data-testid="revoke-api-key"
      >
        <Trash2 size={13} aria-hidden /> Revoke
      </Button>
    </li>
  );
}
