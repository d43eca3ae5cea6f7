/**
 * The Chat panel's calls to the API (conversations, the workflows it can talk to, stopping an answer), as the signed-in
 * person.
 */
import type { ConversationSummary, ConversationView } from "@/lib/chat/conversations";

async function request<T>(path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(path, {
    ...init,
    headers: { ...(init.body ? { "content-type": "application/json" } : {}), accept: "application/json" },
  });
  if (response.status === 204) return undefined as T;
  const body = await response.json().catch(() => null);
  if (!response.ok)
    throw new Error((body as { error?: string } | null)?.error ?? `The request failed (HTTP ${response.status})`);
  return body as T;
}

export type AgentChoice = { id: string; name: string };

export const chatApi = {
  agents: () => request<AgentChoice[]>("/api/workflows"),
  /** Stops an answer's run, giving its tool calls `graceSeconds` to finish first. */
  stop: (runId: string, graceSeconds: number) =>
    request<{ status: string }>(`/api/runs/${encodeURIComponent(runId)}/cancel`, {
      method: "POST",
      body: JSON.stringify({ graceSeconds }),
    }),
  list: (workflowId: string) =>
    request<{ conversations: ConversationSummary[] }>(
      `/api/workflows/${encodeURIComponent(workflowId)}/conversations`,
    ).then((body) => body.conversations),
  create: (workflowId: string) =>
    request<ConversationSummary>(`/api/workflows/${encodeURIComponent(workflowId)}/conversations`, {
      method: "POST",
      body: "{}",
    }),
  get: (id: string) => request<ConversationView>(`/api/conversations/${encodeURIComponent(id)}`),
  rename: (id: string, title: string) =>
    request<ConversationSummary>(`/api/conversations/${encodeURIComponent(id)}`, {
      method: "PATCH",
      body: JSON.stringify({ title }),
    }),
  remove: (id: string) => request<void>(`/api/conversations/${encodeURIComponent(id)}`, { method: "DELETE" }),
  send: (id: string, text: string) =>
    request<{ runId: string; turnId: string }>(`/api/conversations/${encodeURIComponent(id)}/messages`, {
      method: "POST",
      body: JSON.stringify({ text }),
    }),
};
