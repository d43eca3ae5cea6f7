"use client";
/**
 * The form behind set-up, sign-in and invites: labelled fields posted to a server action, the
 * action's answer shown under the form with the field at fault marked.
 */
import { useActionState, useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import type { FormState } from "@/app/sign-in/schema";

export type AccountField = {
  name: string;
  label: string;
  type: "text" | "email" | "password";
  autoComplete: string;
  hint?: string;
};

export const NEW_ACCOUNT_FIELDS: AccountField[] = [
  { name: "name", label: "Your name", type: "text", autoComplete: "name" },
  { name: "email", label: "E-mail", type: "email", autoComplete: "email" },
  {
    name: "password",
    label: "Password",
    type: "password",
    autoComplete: "new-password",
    hint: "At least 10 characters",
  },
  { name: "confirm", label: "Password again", type: "password", autoComplete: "new-password" },
];

export function AccountForm({
  action,
  fields,
  submitLabel,
  hidden,
  footer,
}: {
  action: (state: FormState, form: FormData) => Promise<FormState>;
  fields: AccountField[];
  submitLabel: string;
  hidden?: Record<string, string>;
  footer?: ReactNode;
}) {
  const [state, submit, pending] = useActionState(action, null);
  // Controlled, so a refused form keeps what was typed (a form action would reset it).
  const [values, setValues] = useState<Record<string, string>>({});
  return (
    <form action={submit} className="account-form" data-testid="account-form">
      {Object.entries(hidden ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {fields.map((field, index) => (
        <label key={field.name} className="account-field">
          <span>{field.label}</span>
          <input
            className="input"
            name={field.name}
            type={field.type}
            autoComplete={field.autoComplete}
            required
            value={values[field.name] ?? ""}
            onChange={(event) => setValues((current) => ({ ...current, [field.name]: event.target.value }))}
            autoFocus={index === 0}
            aria-invalid={state?.field === field.name || undefined}
            data-testid={`account-${field.name}`}
          />
          {field.hint && <small>{field.hint}</small>}
        </label>
      ))}
      {state?.error && (
        <p className="account-error" role="alert" data-testid="account-error">
          {state.error}
        </p>
      )}
      <Button type="submit" variant="primary" disabled={pending} data-testid="account-submit">
        {pending ? "One moment…" : submitLabel}
      </Button>
      {footer}
    </form>
  );
}
