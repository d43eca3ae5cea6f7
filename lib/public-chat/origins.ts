/**
 * Origins for the public chat: what an editor typed, made canonical (`https://shop.example`), and the two things the
 * allowed list decides — which pages may frame the chat (CSP frame-ancestors) and which may call its API from their
 * own script (CORS). Pure.
 */

/** `scheme://host[:port]` in lower case for an http(s) URL or origin, else null. */
export function normalizeOrigin(value: string): string | null {
  const trimmed = value.trim().replace(/\/+$/, "");
  if (!/^https?:\/\/[^/?#\s]+$/i.test(trimmed)) return null;
  try {
    const url = new URL(trimmed);
    return url.origin === "null" ? null : url.origin.toLowerCase();
  } catch {
    return null;
  }
}

export function isAllowedOrigin(origin: string | null, allowed: readonly string[]): boolean {
  if (!origin) return false;
  const normalized = normalizeOrigin(origin);
  return normalized !== null && allowed.includes(normalized);
}

/** The frame-ancestors directive: the allowed origins, or 'none' (the page works on its own, never framed). */
export function frameAncestors(allowed: readonly string[]): string {
  return allowed.length === 0 ? "frame-ancestors 'none'" : `frame-ancestors ${allowed.join(" ")}`;
}

/** CORS headers for an answer to `origin`: only an allowed one is named, and no credentials are ever allowed. */
export function corsHeaders(origin: string | null, allowed: readonly string[]): Record<string, string> {
  if (!origin || !isAllowedOrigin(origin, allowed)) return { vary: "Origin" };
  return {
    "access-control-allow-origin": normalizeOrigin(origin)!,
    "access-control-allow-methods": "GET, POST, OPTIONS",
    "access-control-allow-headers": "authorization, content-type",
    "access-control-max-age": "600",
    vary: "Origin",
  };
}
