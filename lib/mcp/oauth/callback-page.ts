/**
 * The page a browser lands on after signing in at an MCP server's authorization server: what
 * happened, in words. On success it closes itself when the editor opened it (the inspector sees the
 * new status); nothing on it is secret, and its address (which held the code) is never sent on.
 */
import type { ConnectResult } from "./connect-flow";

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function callbackPage(result: ConnectResult): Response {
  const title = result.ok ? "Connected" : "Not connected";
  const text = result.ok ? `Switchboard is connected to ${result.origin}. You can close this window.` : result.error;
  const close = result.ok ? `<script>if (window.opener) setTimeout(() => window.close(), 1000)</script>` : "";
  const html =
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title} · Switchboard</title></head>` +
    `<body style="font-family: system-ui, sans-serif; margin: 3rem auto; max-width: 36rem">` +
    `<h1 data-testid="oauth-result">${title}</h1><p>${escapeHtml(text)}</p>${close}</body></html>`;
  return new Response(html, {
    status: result.ok ? 200 : 400,
    headers: {
      "content-type": "text/html; charset=utf-8",
      "cache-control": "no-store",
      "referrer-policy": "no-referrer",
    },
  });
}
