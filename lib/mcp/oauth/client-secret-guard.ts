/**
 * A client secret restricted to some hosts (allowed hosts on the Secrets page) goes to no other.
 * OAuth carries it in a form body or a Basic header, where guarded-fetch's search of the request
 * text would not see it, so the SDK's OAuth requests are checked here before they leave.
 */
import type { FetchLike } from "@modelcontextprotocol/sdk/shared/transport.js";
import { guardedFetchFor, hostAllowed, type OutboundSecret } from "../../net/guarded-fetch";
import { McpSafetyError } from "../safety";

/** The texts a request carries: header values (a Basic header decoded), the body, and a form body's values. */
function carried(init: RequestInit | undefined): string[] {
  const headers = new Headers(init?.headers);
  const texts = [...headers.values()];
  const basic = headers.get("authorization")?.match(/^Basic\s+(\S+)/i)?.[1];
  if (basic) texts.push(Buffer.from(basic, "base64").toString("utf8"));
  const body = init?.body;
  if (body instanceof URLSearchParams) texts.push(...body.values());
  else if (typeof body === "string") texts.push(body, ...new URLSearchParams(body).values());
  return texts;
}

export function checkClientSecretDestination(url: URL, init: RequestInit | undefined, secrets: OutboundSecret[]): void {
  const restricted = secrets.filter((secret) => secret.allowedHosts.length > 0 && secret.value);
  if (restricted.length === 0) return;
  const texts = carried(init);
  for (const secret of restricted) {
    if (texts.some((text) => text.includes(secret.value)) && !hostAllowed(url.hostname, secret.allowedHosts)) {
      throw new McpSafetyError(`secret "${secret.name}" may only be sent to ${secret.allowedHosts.join(", ")}, not to ${url.hostname}`);
    }
  }
}

/** The fetch for an authorization server: the address policy on every hop, and the client secret only where it may go. */
export function authorizationServerFetch(secrets: OutboundSecret[]): FetchLike {
  const guarded = guardedFetchFor({ secrets });
  return async (input, init) => {
    const url = new URL(input);
    checkClientSecretDestination(url, init, secrets);
    return guarded(url, init);
  };
}
