"use client";
/** Admins only: everyone's role, removing an account, and invite links for new people. */
import { Trash2, UserPlus } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { createInviteAction, removeUserAction, setUserRoleAction } from "@/app/settings/actions";
import { ROLE_DESCRIPTIONS, ROLES, type Role } from "@/lib/auth/roles";
import { OneTimeSecret } from "./one-time-secret";

export type UserItem = { id: string; name: string; email: string; role: Role };

export function UsersSection({ users, currentUserId }: { users: UserItem[]; currentUserId: string }) {
  const [inviteRole, setInviteRole] = useState<Role>("editor");
  const [inviteUrl, setInviteUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function invite() {
    const result = await createInviteAction(inviteRole);
    if (!result.ok) return setError(result.error);
    setError(null);
    setInviteUrl(`${window.location.origin}${result.path}`);
  }

  async function changeRole(user: UserItem, role: string) {
    const result = await setUserRoleAction(user.id, role);
    setError(result.ok ? null : result.error);
  }

  async function remove(user: UserItem) {
    if (!window.confirm(`Remove ${user.email}? Their sessions and API keys stop working at once.`)) return;
    const result = await removeUserAction(user.id);
    setError(result.ok ? null : result.error);
  }

  return (
    <section className="settings-card" data-testid="users">
      <h2>People</h2>
      <p>Admins manage people, secrets and host access; editors build and run workflows; viewers look.</p>
      <InviteForm inviteRole={inviteRole} setInviteRole={setInviteRole} invite={invite} />
      {error && (
        <p className="settings-error" role="alert">
          {error}
        </p>
      )}
      {inviteUrl && (
        <OneTimeSecret
          label={`Invite link (${inviteRole}, valid 7 days, one account)`}
          value={inviteUrl}
          testId="invite-url"
        />
      )}
      <ul className="settings-list">
        {users.map((user) => (
          <UserRow
            key={user.id}
            user={user}
            isYou={user.id === currentUserId}
            onRole={(role) => changeRole(user, role)}
            onRemove={() => remove(user)}
          />
        ))}
      </ul>
    </section>
  );
}

type InviteFormProps = { inviteRole: Role; setInviteRole: (role: Role) => void; invite: () => Promise<void> };

/** The role a new person is invited as, and the button that makes the link. */
function InviteForm({ inviteRole, setInviteRole, invite }: InviteFormProps) {
  return (
    <div className="settings-form">
      <label>
        <span>Invite someone as</span>
        <select
          className="input select"
          value={inviteRole}
          onChange={(e) => setInviteRole(e.target.value as Role)}
          data-testid="invite-role-select"
        >
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {role} — {ROLE_DESCRIPTIONS[role].toLowerCase()}
            </option>
          ))}
        </select>
      </label>
      <Button variant="primary" onClick={invite} data-testid="create-invite">
        <UserPlus size={14} aria-hidden /> Create invite link
      </Button>
    </div>
  );
}

type UserRowProps = {
  user: UserItem;
  isYou: boolean;
  onRole: (role: string) => Promise<void>;
  onRemove: () => Promise<void>;
};

/** One person: name and email, their role (changed in place), and removing them (not yourself). */
function UserRow({ user, isYou, onRole, onRemove }: UserRowProps) {
  return (
    <li data-testid="user-row">
      <span className="grow">
        <strong>{user.name}</strong> <span className="meta">{user.email}</span>
        {isYou && <span className="meta"> (you)</span>}
      </span>
      <select
        className="input select"
        style={{ width: 110 }}
        value={user.role}
        onChange={(e) => onRole(e.target.value)}
        aria-label={`Role of ${user.email}`}
        data-testid="user-role"
      >
        {ROLES.map((role) => (
          <option key={role} value={role}>
            {role}
          </option>
        ))}
      </select>
      <Button size="sm" variant="ghost" disabled={isYou} onClick={onRemove} aria-label={`Remove ${user.email}`}>
        <Trash2 size={13} aria-hidden />
      </Button>
    </li>
  );
}
