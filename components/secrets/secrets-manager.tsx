"use client";
/**
 * Add, replace and delete named secrets. Value fields are write-only: cleared once saved, and
 * the page only ever receives names and times from the server.
 */
import "./secrets.css";
import { KeyRound, Trash2 } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { formatRelativeTime } from "@/components/ui/format-relative-time";
import { SECRET_KINDS } from "@/lib/agent/provider-table";
import { parseHosts, removeSecret, saveSecret } from "./secret-api";

export type SecretListItem = { name: string; allowedHosts: string[]; updatedAt: string };

export function SecretsManager({ secrets }: { secrets: SecretListItem[] }) {
  const router = useRouter();
  return (
    <div className="secrets">
      <AddSecretForm onAdded={() => router.refresh()} />
      {secrets.length === 0 ? (
        <div className="empty-state">
          <span className="empty-state-icon">
            <KeyRound size={22} aria-hidden />
          </span>
          <h2>No secrets yet</h2>
          <p>Add one above; nodes refer to it by name, and only the worker ever reads its value.</p>
        </div>
      ) : (
        <ul className="secret-list" data-testid="secret-list">
          {secrets.map((secret) => (
            <SecretRow key={secret.name} secret={secret} onChanged={() => router.refresh()} />
          ))}
        </ul>
      )}
    </div>
  );
}

function AddSecretForm({ onAdded }: { onAdded: () => void }) {
  const [name, setName] = useState("");
  const [value, setValue] = useState("");
  const [hosts, setHosts] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [kind, setKind] = useState("");

  /** A kind fills in its usual name and the hosts it should go to; what was typed for another kind is replaced. */
  function chooseKind(id: string) {
    const previous = SECRET_KINDS.find((candidate) => candidate.id === kind);
    const chosen = SECRET_KINDS.find((candidate) => candidate.id === id);
    setKind(id);
    if (!name.trim() || name === previous?.name) setName(chosen?.name ?? "");
    if (!hosts.trim() || hosts === previous?.allowedHosts.join(", ")) setHosts(chosen?.allowedHosts.join(", ") ?? "");
  }

  async function add(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const failure = await saveSecret(name.trim(), value, parseHosts(hosts));
    setBusy(false);
    setError(failure);
    if (failure) return;
    setName("");
    setValue("");
    setHosts("");
    setKind("");
    onAdded();
  }

  return (
    <>
      <form className="secret-form" onSubmit={add} data-testid="add-secret-form">
        <KindSelect kind={kind} onChange={chooseKind} />
        <NameAndValue name={name} value={value} onName={setName} onValue={setValue} />
        <HostsField hosts={hosts} onChange={setHosts} />
        <Button type="submit" variant="primary" disabled={busy || !name.trim() || !value} data-testid="save-secret">
          Save secret
        </Button>
      </form>
      {error && (
        <p className="secret-error" role="alert" data-testid="secret-error">
          {error}
        </p>
      )}
    </>
  );
}

type NameAndValueProps = {
  name: string;
  value: string;
  onName: (name: string) => void;
  onValue: (value: string) => void;
};

/** The value is a password field: typed once, never shown again. */
function NameAndValue({ name, value, onName, onValue }: NameAndValueProps) {
  return (
    <>
      <label className="secret-field">
        <span>Name</span>
        <input
          className="input"
          value={name}
          onChange={(e) => onName(e.target.value)}
          placeholder="OPENAI_API_KEY"
          autoComplete="off"
          spellCheck={false}
          data-testid="secret-name"
        />
      </label>
      <label className="secret-field secret-field-wide">
        <span>Value</span>
        <input
          className="input"
          type="password"
          value={value}
          onChange={(e) => onValue(e.target.value)}
          autoComplete="new-password"
          data-testid="secret-value"
        />
      </label>
    </>
  );
}

function KindSelect({ kind, onChange }: { kind: string; onChange: (kind: string) => void }) {
  return (
    <label className="secret-field" title="A model provider's key: its usual name and the hosts it may go to">
      <span>Kind</span>
      <select
        className="input select"
        value={kind}
        onChange={(e) => onChange(e.target.value)}
        data-testid="secret-kind"
      >
        <option value="">Other</option>
        {SECRET_KINDS.map((option) => (
          <option key={option.id} value={option.id}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}

function HostsField({ hosts, onChange }: { hosts: string; onChange: (hosts: string) => void }) {
  return (
    <label className="secret-field" title="The secret is refused on its way to any other host. Empty: anywhere.">
      <span>Allowed hosts (optional)</span>
      <input
        className="input"
        value={hosts}
        onChange={(e) => onChange(e.target.value)}
        placeholder="api.openai.com, *.example.com"
        spellCheck={false}
        data-testid="secret-hosts"
      />
    </label>
  );
}

function SecretRow({ secret, onChanged }: { secret: SecretListItem; onChanged: () => void }) {
  const [replacing, setReplacing] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function remove() {
    if (!window.confirm(`Delete the secret ${secret.name}? Nodes that use it will fail until it is added again.`))
      return;
    const failure = await removeSecret(secret.name);
    setError(failure);
    if (!failure) onChanged();
  }

  return (
    <li className="secret-row" data-testid="secret-row" data-secret-name={secret.name}>
      <div className="secret-row-main">
        <KeyRound size={15} aria-hidden className="secret-row-icon" />
        <code className="secret-row-name">{secret.name}</code>
        <span className="secret-row-masked" aria-label="value hidden">
          ••••••••
        </span>
        <span className="secret-row-updated" data-testid="secret-hosts-shown" title="Hosts this secret may be sent to">
          {secret.allowedHosts.length > 0 ? `only to ${secret.allowedHosts.join(", ")}` : "any host"}
        </span>
        <span className="secret-row-updated" data-testid="secret-updated" suppressHydrationWarning>
          updated {formatRelativeTime(new Date(secret.updatedAt), new Date())}
        </span>
        <Button size="sm" onClick={() => setReplacing(!replacing)} data-testid="replace-secret">
          Replace
        </Button>
        <Button
          size="sm"
          variant="ghost"
          onClick={remove}
          aria-label={`Delete ${secret.name}`}
          data-testid="delete-secret"
        >
          <Trash2 size={14} aria-hidden />
        </Button>
      </div>
      {replacing && (
        <ReplaceForm
          secret={secret}
          onFailed={setError}
          onReplaced={() => {
            setError(null);
            setReplacing(false);
            onChanged();
          }}
        />
      )}
      {error && (
        <p className="secret-error" role="alert">
          {error}
        </p>
      )}
    </li>
  );
}

type ReplaceFormProps = { secret: SecretListItem; onReplaced: () => void; onFailed: (error: string) => void };

/** A new value for the secret, its allowed hosts kept. */
function ReplaceForm({ secret, onReplaced, onFailed }: ReplaceFormProps) {
  const [value, setValue] = useState("");
  async function replace(event: FormEvent) {
    event.preventDefault();
    const failure = await saveSecret(secret.name, value, secret.allowedHosts);
    if (failure) return onFailed(failure);
    setValue("");
    onReplaced();
  }
  return (
    <form className="secret-replace" onSubmit={replace}>
      <input
        className="input"
        type="password"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        placeholder={`New value for ${secret.name}`}
        autoComplete="new-password"
        autoFocus
        data-testid="replace-secret-value"
      />
      <Button type="submit" variant="primary" size="sm" disabled={!value} data-testid="save-replaced-secret">
        Save
      </Button>
    </form>
  );
}
