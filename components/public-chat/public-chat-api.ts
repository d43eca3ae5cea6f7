/**
 * The public chat page's calls (/api/public-chat/{publicId}/…): a visitor token (kept as visitor-tokens.ts says), the
 * visitor's conversation, and a message whose answer is read as it streams. No account, no cookies.
 */
import type { PublicTurn } from "@/lib/public-chat/visitor-conversation";
import type { PublicAnswerEvent } from "@/lib/public-chat/answer-stream";
import { visitorTokens } from "./visitor-tokens";

export class PublicChatError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

async function call(publicId: string, path: string, init: RequestInit = {}): Promise<Response> {
  const token = visitorTokens.get(publicId);
  const response = await fetch(`/api/public-chat/${encodeURIComponent(publicId)}${path}`, {
    ...init,
    headers: {
      ...(init.body ? { "content-type": "application/json" } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: string } | null;
    throw new PublicChatError(body?.error ?? `The request failed (HTTP ${response.status})`, response.status);
  }
  return response;
}

export const publicChatApi = {
  /** A new visitor token (with the access code when the chat asks one), kept for the next visit. */
  async startSession(publicId: string, accessCode?: string): Promise<void> {
    visitorTokens.set(publicId, null);
    const response = await call(publicId, "/session", { method: "POST", body: JSON.stringify({ accessCode }) });
    visitorTokens.set(publicId, ((await response.json()) as { token: string }).token);
  },
  async turns(publicId: string): Promise<PublicTurn[]> {
    return ((await (await call(publicId, "/conversation")).json()) as { turns: PublicTurn[] }).turns;
  },
  async newConversation(publicId: string): Promise<void> {
    await call(publicId, "/conversation", { method: "POST", body: "{}" });
  },
  /** Sends the message and hands each event of its answer to `onEvent` as it arrives. */
  async send(publicId: string, message: string, onEvent: (event: PublicAnswerEvent) => void): Promise<void> {
    const response = await call(publicId, "/messages", { method: "POST", body: JSON.stringify({ message }) });
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += value;
      const frames = buffer.split("\n\n");
      buffer = frames.pop() ?? "";
      for (const frame of frames) {
        const data = frame.split("\n").find((line) => line.startsWith("data: "));
        if (data) onEvent(JSON.parse(data.slice(6)) as PublicAnswerEvent);
      }
    }
  },
};
