/** The public chat a public id opens, as the public routes and the page's frame policy need it. */
import "server-only";
import { getDb } from "../db/client";

export type PublicChat = {
  workflowId: string;
  publicId: string;
  enabled: boolean;
  title: string;
  welcomeMessage: string;
  allowedOrigins: string[];
  accessCodeHash: string | null;
  messagesPerMinute: number;
  visitorMessagesPerMinute: number;
  /** Whether the workflow has a published version to answer with. */
  live: boolean;
};

/** The chat, or null when no chat has this id (a turned-off one is returned: its callers say 404 alike). */
export async function findPublicChat(publicId: string): Promise<PublicChat | null> {
  if (!/^[A-Za-z0-9_-]{8,64}$/.test(publicId)) return null;
  const row = await getDb().publicChat.findUnique({
    where: { publicId },
    include: { workflow: { select: { publishedVersion: true } } },
  });
  if (!row) return null;
  const { workflow, updatedAt: _updatedAt, ...chat } = row;
  return { ...chat, live: workflow.publishedVersion !== null };
}

/**
 * The origins that may frame a chat's page, for proxy.ts's policy: remembered a few seconds per id, since every load of
 * the page (and its reloads inside a widget) asks.
 */
const FRAME_CACHE_MS = 5_000;
const holder = globalThis as unknown as { switchboardChatFrames?: Map<string, { origins: string[]; at: number }> };
const frames = (holder.switchboardChatFrames ??= new Map());

export async function chatFrameOrigins(publicId: string): Promise<string[]> {
  const known = frames.get(publicId);
  if (known && Date.now() - known.at < FRAME_CACHE_MS) return known.origins;
  const chat = await findPublicChat(publicId);
  const origins = chat?.enabled ? chat.allowedOrigins : [];
  if (frames.size > 1_000) frames.clear();
  frames.set(publicId, { origins, at: Date.now() });
  return origins;
}
