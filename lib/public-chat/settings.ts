/**
 * A workflow's public chat settings, as editors change them (GET/PUT /api/workflows/{id}/public-chat): on or off,
 * title and welcome message, the origins that may embed it, an optional access code (only its scrypt hash is kept,
 * by better-auth's own password hashing) and its rate limits. Kept beside the workflow, not in its graph, so the
 * code's hash never travels with a draft, an export or a version; a change takes effect at once, and the chat always
 * answers with the published version.
 */
import "server-only";
import { randomBytes } from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import { z } from "zod";
import { getDb } from "../db/client";
import { normalizeOrigin } from "./origins";

export const PUBLIC_CHAT_DEFAULTS = { messagesPerMinute: 60, visitorMessagesPerMinute: 10 } as const;

const perMinute = (field: string) =>
  z.number().int(`${field}: a whole number`).min(1, `${field}: at least 1`).max(10_000, `${field}: at most 10000`);

const OriginEntry = z.string().transform((value, context) => {
  const origin = normalizeOrigin(value);
  if (origin) return origin;
  context.addIssue({ code: "custom", message: `"${value}" is not an origin like https://example.com` });
  return z.NEVER;
});

/** What an editor sends; a field left out keeps its value. `accessCode`: a new code, or null to ask none. */
export const PublicChatUpdate = z
  .object({
    enabled: z.boolean(),
    title: z.string().max(120, "title: at most 120 characters"),
    welcomeMessage: z.string().max(2000, "welcomeMessage: at most 2000 characters"),
    allowedOrigins: z.array(OriginEntry).max(50, "allowedOrigins: at most 50"),
    accessCode: z.string().min(4, "accessCode: at least 4 characters").max(200).nullable(),
    messagesPerMinute: perMinute("messagesPerMinute"),
    visitorMessagesPerMinute: perMinute("visitorMessagesPerMinute"),
  })
  .partial()
  .strict();
export type PublicChatUpdate = z.infer<typeof PublicChatUpdate>;

/** What editors see: everything but the code's hash, which only says whether there is one. */
export type PublicChatSettings = {
  enabled: boolean;
  publicId: string;
  title: string;
  welcomeMessage: string;
  allowedOrigins: string[];
  hasAccessCode: boolean;
  messagesPerMinute: number;
  visitorMessagesPerMinute: number;
};

type Row = Omit<PublicChatSettings, "hasAccessCode"> & { accessCodeHash: string | null };

const view = ({ accessCodeHash, ...row }: Row): PublicChatSettings => ({
  enabled: row.enabled,
  publicId: row.publicId,
  title: row.title,
  welcomeMessage: row.welcomeMessage,
  allowedOrigins: row.allowedOrigins,
  hasAccessCode: accessCodeHash !== null,
  messagesPerMinute: row.messagesPerMinute,
  visitorMessagesPerMinute: row.visitorMessagesPerMinute,
});

/** 144 random bits, URL-safe: the id a public URL carries instead of the workflow's. */
export const newPublicId = () => randomBytes(18).toString("base64url");

/** The settings, made (off, with a fresh public id) the first time anyone asks; null for no such workflow. */
export async function getPublicChatSettings(workflowId: string): Promise<PublicChatSettings | null> {
  // Read first: the editor asks on every open, and only the first ask makes the row.
  const existing = await getDb().publicChat.findUnique({ where: { workflowId } });
  if (existing) return view(existing);
  const workflow = await getDb().workflow.findUnique({ where: { id: workflowId }, select: { id: true } });
  if (!workflow) return null;
  const row = await getDb().publicChat.upsert({
    where: { workflowId },
    create: { workflowId, publicId: newPublicId() },
    update: {},
  });
  return view(row);
}

export async function updatePublicChatSettings(
  workflowId: string,
  update: PublicChatUpdate,
): Promise<PublicChatSettings | null> {
  if (!(await getPublicChatSettings(workflowId))) return null;
  const { accessCode, ...rest } = update;
  const accessCodeHash =
    accessCode === undefined ? undefined : accessCode === null ? null : await hashPassword(accessCode);
  const row = await getDb().publicChat.update({ where: { workflowId }, data: { ...rest, accessCodeHash } });
  return view(row);
}
