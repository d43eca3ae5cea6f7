"use client";
/**
 * Names of the stored secrets for the inspector's secret picker, from GET /api/secrets (names
 * only, never values). Fetched once per page; a missing route or a failure reads as no secrets.
 */
import { useEffect, useState } from "react";

type SecretNames = { names: string[]; loaded: boolean; unavailable: boolean };

let request: Promise<{ names: string[]; unavailable: boolean }> | null = null;

function fetchSecretNames() {
  request ??= fetch("/api/secrets", { headers: { accept: "application/json" } })
    .then(async (response) => {
      if (!response.ok) return { names: [], unavailable: true };
      const body = (await response.json()) as { secrets?: { name?: unknown }[] };
      const names = (body.secrets ?? []).flatMap((s) => (typeof s.name === "string" ? [s.name] : []));
      return { names: names.sort(), unavailable: false };
    })
    .catch(() => ({ names: [], unavailable: true }));
  return request;
}

export function useSecretNames(): SecretNames {
  const [state, setState] = useState<SecretNames>({ names: [], loaded: false, unavailable: false });
  useEffect(() => {
    let live = true;
    void fetchSecretNames().then((result) => live && setState({ ...result, loaded: true }));
    return () => {
      live = false;
    };
  }, []);
  return state;
}
