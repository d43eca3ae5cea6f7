/** Where this Switchboard web app listens: the worker uses it to reach the gateway, HTTP tools to resolve relative URLs. */
export function appBaseUrl(): string {
  if (process.env.SWITCHBOARD_URL) return process.env.SWITCHBOARD_URL.replace(/\/$/, "");
  const host = process.env.HOST ?? "127.0.0.1";
  const port = process.env.PORT ?? "3000";
  return `http://${host === "0.0.0.0" ? "127.0.0.1" : host}:${port}`;
}
