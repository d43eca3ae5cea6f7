/** The browser's calls to the secrets API; failures come back as the API's own message. */
async function send(method: "PUT" | "DELETE", name: string, body?: unknown): Promise<string | null> {
  const response = await fetch(`/api/secrets/${encodeURIComponent(name)}`, {
    method,
    headers: body === undefined ? undefined : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (response.ok) return null;
  const answer = (await response.json().catch(() => null)) as { error?: string } | null;
  return answer?.error ?? `The server answered ${response.status}`;
}

/** "api.example.com, *.example.org" as the API's list. */
export const parseHosts = (text: string) =>
  text
    .split(",")
    .map((host) => host.trim())
    .filter(Boolean);

/** Adds or replaces a secret (and the hosts it may be sent to); resolves to an error message, or null when saved. */
export const saveSecret = (name: string, value: string, allowedHosts: string[] = []) =>
  send("PUT", name, { value, allowedHosts });

export const removeSecret = (name: string) => send("DELETE", name);
