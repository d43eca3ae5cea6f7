"use client";
/**
 * The workflow's history from GET /api/workflows/{id}/versions, read when asked: as the History opens and after a
 * publish. (The toolbar's "v3 live" needs only the number, which the page brings.)
 */
import { useCallback, useState } from "react";

export type VersionRow = {
  number: number;
  name: string;
  note: string;
  authorName: string;
  createdAt: string;
  live: boolean;
};
export type DraftSaveRow = { id: number; name: string; authorName: string; savedAt: string };
export type WorkflowHistory = { live: number | null; versions: VersionRow[]; draftSaves: DraftSaveRow[] };

export function useWorkflowHistory(workflowId: string | undefined) {
  const [history, setHistory] = useState<WorkflowHistory | null>(null);
  const [error, setError] = useState<string | null>(null);
  const reload = useCallback(async () => {
    if (!workflowId) return;
    try {
      const response = await fetch(`/api/workflows/${workflowId}/versions`, { cache: "no-store" });
      const body = await response.json();
      if (!response.ok) throw new Error(body.error ?? `The server answered ${response.status}`);
      setHistory(body as WorkflowHistory);
      setError(null);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
    }
  }, [workflowId]);
  return { history, error, reload };
}

/** POSTs to one of the workflow's routes; answers the body, or throws with the server's message and its details. */
export async function postWorkflowRoute(path: string, body: unknown = {}): Promise<Record<string, unknown>> {
  const response = await fetch(path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const answer = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (response.ok) return answer;
  const details = Array.isArray(answer.errors)
    ? answer.errors.map((detail) => (detail as { message?: string }).message).filter(Boolean)
    : [];
  throw new RouteProblem(String(answer.error ?? `The server answered ${response.status}`), details as string[]);
}

export class RouteProblem extends Error {
  constructor(
    message: string,
    readonly details: string[],
  ) {
    super(message);
  }
}
