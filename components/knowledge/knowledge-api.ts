/** The browser's calls to the knowledge API; failures come back as the API's own message. */
export type SearchHit = { document: string; chunk: number; score: number; text: string };

export async function sendKnowledge<T = unknown>(path: string, body?: unknown): Promise<{ data?: T; error?: string }> {
  const response = await fetch(`/api/knowledge${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body ?? {}),
  });
  const answer = (await response.json().catch(() => null)) as (T & { error?: string }) | null;
  if (response.ok) return { data: answer as T };
  return { error: answer?.error ?? `The server answered ${response.status}` };
}

/** A file as the documents API takes it: text as it is, anything else (a PDF) in base64. */
export async function fileUpload(file: File): Promise<Record<string, string>> {
  if (file.type.startsWith("text/") || /\.(md|markdown|txt|html?)$/i.test(file.name))
    return { name: file.name, text: await file.text(), ...(file.type ? { mediaType: file.type } : {}) };
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return { name: file.name, contentBase64: btoa(binary), mediaType: file.type || "application/pdf" };
}

/** Deletes what the path names (a document); 204 answers nothing, a refusal its message. */
export async function deleteKnowledge(path: string): Promise<{ error?: string }> {
  const response = await fetch(`/api/knowledge${path}`, { method: "DELETE" });
  if (response.ok) return {};
  const answer = (await response.json().catch(() => null)) as { error?: string } | null;
  return { error: answer?.error ?? `The server answered ${response.status}` };
}
