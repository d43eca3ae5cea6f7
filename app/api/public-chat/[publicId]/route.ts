/**
 * GET what a public chat's page shows before anyone writes: its title, welcome message, whether it asks an access code
 * and whether it is live (published). Public: no account; 404 when off (lib/public-chat/public-route.ts).
 */
import { preflight, publicChatRoute } from "@/lib/public-chat/public-route";
import { publicChatInfo } from "@/lib/public-chat/info";

export const dynamic = "force-dynamic";

export const GET = publicChatRoute(async ({ chat }) => Response.json(publicChatInfo(chat)));
export const OPTIONS = preflight;
