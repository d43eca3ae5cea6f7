/**
 * Where this Switchboard web app listens: the worker uses it to reach the gateway, HTTP tools to resolve relative URLs.
 */
export function appBaseUrl(): string {
  if (process.env.SWITCHBOARD_URL) return process.env.SWITCHBOARD_URL.replace(/\/$/, "");
  const host = process.env.HOST ?? "127.0.0.1";
  const port = process.env.PORT ?? "3000";
  return `http://${host === "0.0.0.0" ? "127.0.0.1" : host}:${port}`;
}

/**
 * Where a person's browser reaches this app: SWITCHBOARD_URL when set, else the Host the request came to (which the
 * perimeter has checked).
 */
export function browserOrigin(headers: Headers): string {
  if (process.env.SWITCHBOARD_URL) return appBaseUrl();
  const host = headers.get("host");
  return host ? `http://${host}` : appBaseUrl();
}
