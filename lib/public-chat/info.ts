/** What a public chat's page may know of it before a visitor writes: nothing of the workflow behind it. Pure. */
import type { PublicChat } from "./lookup";

export type PublicChatInfo = { title: string; welcomeMessage: string; accessCode: boolean; live: boolean };

export const publicChatInfo = (chat: PublicChat): PublicChatInfo => ({
  title: chat.title || "Chat",
  welcomeMessage: chat.welcomeMessage,
  accessCode: chat.accessCodeHash !== null,
  live: chat.live,
});
