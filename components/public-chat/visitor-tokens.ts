/**
 * Where the public chat page keeps a visitor's token. On its own page: localStorage. Inside the widget's iframe the
 * browser often refuses a third-party frame any storage (Chromium with third-party cookies blocked, Safari, Firefox
 * strict), so the widget's script keeps the token in the host page's storage instead: it hands it to the iframe in
 * the address's fragment (`#host=<origin>&token=…`, never sent to a server), and the iframe posts each new token back
 * to that host origin only. This page's memory covers the rest of the visit.
 */

/** The message the widget's script listens for (lib/public-chat/widget-script.ts). */
export const TOKEN_MESSAGE = "switchboard-chat:token";

const memory = new Map<string, string | null>();
const tokenKey = (publicId: string) => `switchboard-chat:${publicId}`;

/** What the widget handed this iframe: its host page's origin and the token it kept, if any. */
function handoff(): URLSearchParams | null {
  if (typeof window === "undefined" || window.parent === window) return null;
  return new URLSearchParams(window.location.hash.slice(1));
}

function tellHost(publicId: string, token: string | null) {
  const host = handoff()?.get("host");
  if (!host) return;
  try {
    window.parent.postMessage({ type: TOKEN_MESSAGE, publicId, token }, host);
  } catch {
    // Not an origin (a file:// page says "null"): the host keeps nothing, this visit still works from memory.
  }
}

export const visitorTokens = {
  get(publicId: string): string | null {
    try {
      const stored = localStorage.getItem(tokenKey(publicId));
      if (stored) return stored;
    } catch {
      // A third-party frame's storage refused: memory, then the host's.
    }
    return memory.has(publicId) ? memory.get(publicId)! : (handoff()?.get("token") ?? null);
  },
  set(publicId: string, token: string | null) {
    memory.set(publicId, token);
    try {
      if (token) localStorage.setItem(tokenKey(publicId), token);
      else localStorage.removeItem(tokenKey(publicId));
    } catch {
      // Refused as above: the host page keeps it.
    }
    tellHost(publicId, token);
  },
};
