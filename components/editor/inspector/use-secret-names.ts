"use client";
/**
 * Names of the stored secrets for the inspector's secret pickers, from GET /api/secrets (names only, never values).
 * Kept while the editor is open and read again when stale (editor-reads.tsx), so a secret added meanwhile — on the
 * Secrets page, in another tab — is offered when the picker is next opened. They used to be read once per page load:
 * after a client-side visit to the Secrets page the editor still offered the old list. A failed read (a viewer may not
 * list secrets) reads as no secrets, marked unavailable.
 */
import { useMemo } from "react";
import { useEditorRead } from "../editor-reads";
import { SECRET_LIST_PATH } from "../editor-read-paths";

type SecretNames = {
  names: string[];
  loaded: boolean;
  unavailable: boolean;
  /** Reads the names again if what is kept is stale (a picker being opened). */
  refresh: () => void;
};

type Listed = { secrets?: { name?: unknown }[] };

export function useSecretNames(): SecretNames {
  const { value, problem, refresh } = useEditorRead<Listed>(SECRET_LIST_PATH);
  const names = useMemo(
    () => (value?.secrets ?? []).flatMap((secret) => (typeof secret.name === "string" ? [secret.name] : [])).sort(),
    [value],
  );
  const unavailable = problem !== null && value === undefined;
  return { names, loaded: value !== undefined || unavailable, unavailable, refresh };
}
