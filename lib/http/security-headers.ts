/**
 * The headers every answer carries, pages and API alike: a Content Security Policy that no one
 * may frame (frame-ancestors 'none', and X-Frame-Options for older browsers), no MIME sniffing,
 * and no full URL in the Referer. Pages get a per-request nonce for their scripts (proxy.ts sets
 * it; Next.js reads it from the request's policy and stamps its own inline scripts with it), so
 * no injected script runs; styles stay 'unsafe-inline' because React Flow positions every node
 * and edge with a style attribute. Pure: no Next, no Node.
 */
const FIXED_HEADERS: Record<string, string> = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "x-frame-options": "DENY",
};

/** For an answer that is not a page (JSON, an event stream): it may load, run and be framed by nothing. */
export const API_CONTENT_SECURITY_POLICY =
  "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * A page's policy: scripts only with this request's nonce (and what they load, 'strict-dynamic'), workers only from
 * this origin; React's dev build also needs eval. `frameAncestors`: who may frame it — no one, but for a public chat
 * page the origins its settings allow (lib/public-chat/origins.ts).
 */
export function pageContentSecurityPolicy(
  nonce: string,
  dev = process.env.NODE_ENV === "development",
  frameAncestors = "frame-ancestors 'none'",
): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    // The editor checks graphs in a worker; a worker may come from this origin only (under 'strict-dynamic' a trusted
    // script could start one from anywhere).
    "worker-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    frameAncestors,
  ].join("; ");
}

/** A fresh, unguessable nonce for one page answer. */
export function newNonce(): string {
  return btoa(crypto.randomUUID());
}

/** Sets the fixed headers and `policy` on `headers` (a Response's, in place) and returns them. */
export function applySecurityHeaders(headers: Headers, policy: string = API_CONTENT_SECURITY_POLICY): Headers {
  for (const [name, value] of Object.entries(FIXED_HEADERS)) headers.set(name, value);
  headers.set("content-security-policy", policy);
  return headers;
}

/** The same headers as a plain record, for Node's `res.setHeader`. */
export function securityHeaderRecord(policy: string = API_CONTENT_SECURITY_POLICY): Record<string, string> {
  return { ...FIXED_HEADERS, "content-security-policy": policy };
}
