/**
 * Who is on the other end of a request, for limits kept per address (sign-in throttling): the last
 * X-Forwarded-For entry. npm start's web server (lib/platform/web-server.ts) writes that header
 * itself from the socket's peer, over whatever the client sent, unless SWITCHBOARD_TRUST_PROXY=1
 * says a reverse proxy in front appends the address it saw, which then is the last entry.
 */
export function clientAddress(headers: Headers): string {
  const forwarded = headers
    .get("x-forwarded-for")
    ?.split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  return forwarded?.at(-1) ?? "unknown";
}

/**
 * What the web server puts in X-Forwarded-For: the peer's address, or the proxy's list when a trusted proxy sent one.
 */
export function forwardedFor(
  peer: string | undefined,
  sent: string | string[] | undefined,
  env: NodeJS.ProcessEnv = process.env,
): string {
  const trusted = env.SWITCHBOARD_TRUST_PROXY === "1" || env.SWITCHBOARD_TRUST_PROXY === "true";
  const list = Array.isArray(sent) ? sent.join(", ") : sent;
  return trusted && list ? list : (peer ?? "unknown");
}
