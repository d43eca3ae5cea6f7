/**
 * A workflow's public chat (/chat/{publicId}): no account; a visitor talks to the published version and sees only
 * their own conversation. `?embed=1` is the widget's iframe. Who may frame this page is the chat's allowed origins
 * (proxy.ts); a chat turned off, or an id that opens none, is a 404.
 */
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { PublicChatView } from "@/components/public-chat/public-chat-view";
import { publicChatInfo } from "@/lib/public-chat/info";
import { findPublicChat } from "@/lib/public-chat/lookup";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ publicId: string }>; searchParams: Promise<{ embed?: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const chat = await findPublicChat((await params).publicId);
  return { title: chat?.enabled ? publicChatInfo(chat).title : "Chat", robots: { index: false } };
}

export default async function PublicChatPage({ params, searchParams }: Props) {
  const [{ publicId }, { embed }] = await Promise.all([params, searchParams]);
  const chat = await findPublicChat(publicId);
  if (!chat?.enabled) notFound();
  return <PublicChatView publicId={chat.publicId} info={publicChatInfo(chat)} embed={embed === "1"} />;
}
