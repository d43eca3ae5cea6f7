/**
 * GET the embeddable widget's script for one public chat: `<script src="…/api/public-chat/{publicId}/widget.js">`
 * adds a chat bubble that opens the chat in an iframe (lib/public-chat/widget-script.ts). Public; 404 when off.
 */
import { publicChatRoute } from "@/lib/public-chat/public-route";
import { widgetScript } from "@/lib/public-chat/widget-script";

export const dynamic = "force-dynamic";

export const GET = publicChatRoute(
  async ({ chat }) =>
    new Response(widgetScript(chat.publicId, chat.title), {
      headers: { "content-type": "text/javascript; charset=utf-8", "cache-control": "public, max-age=60" },
    }),
);
