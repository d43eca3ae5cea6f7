/**
 * The Evaluations pages' calls to the API (datasets, rows, evaluations): each answers the parsed body, or the API's
 * error message (named field and all) for the page to show.
 */
export type ApiAnswer<T> = { ok: true; body: T } | { ok: false; error: string };

export async function callApi<T = unknown>(method: string, path: string, body?: unknown): Promise<ApiAnswer<T>> {
  const response = await fetch(path, {
    method,
    ...(body === undefined ? {} : { headers: { "content-type": "application/json" }, body: JSON.stringify(body) }),
  }).catch(() => null);
  if (!response) return { ok: false, error: "Could not reach the server" };
  const answer = response.status === 204 ? null : await response.json().catch(() => null);
  if (response.ok) return { ok: true, body: answer as T };
  return { ok: false, error: (answer as { error?: string } | null)?.error ?? `The server answered ${response.status}` };
}

export const datasetsPath = (workflowId: string) => `/api/workflows/${encodeURIComponent(workflowId)}/datasets`;

export const rowsPath = (workflowId: string, datasetId: string) =>
  `${datasetsPath(workflowId)}/${encodeURIComponent(datasetId)}/rows`;

export const evaluationsPath = (workflowId: string) => `/api/workflows/${encodeURIComponent(workflowId)}/evaluations`;
