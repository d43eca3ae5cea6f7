/**
 * The one check that a secret goes only where it may: a secret with allowed hosts (the Secrets
 * page) is looked for, in every spelling, in what a request carries — its URL, header values (a
 * Basic header decoded), its body and a form body's values — at the moment the request leaves,
 * after templates are filled. Every outbound use calls it: HTTP Request nodes and model APIs
 * (lib/net/guarded-fetch.ts), MCP servers' headers and OAuth traffic (lib/mcp).
 */
import { secretForms } from "./redact";

/** A secret value a request may carry, and the hosts it may go to (empty: anywhere). */
export type OutboundSecret = { name: string; value: string; allowedHosts: string[] };

export class SecretDestinationError extends Error {
  constructor(
    readonly secretName: string,
    readonly host: string,
    allowedHosts: string[],
  ) {
    super(`secret "${secretName}" may only be sent to ${allowedHosts.join(", ")}, not to ${host}`);
  }
}

/** `api.example.com` matches itself; `*.example.com` matches its subdomains. */
export function hostAllowed(host: string, patterns: string[]): boolean {
  const name = host.toLowerCase().replace(/^\[(.*)\]$/, "$1");
  return patterns.some((pattern) => {
    const wanted = pattern.trim().toLowerCase();
    return wanted.startsWith("*.") ? name.endsWith(wanted.slice(1)) : name === wanted;
  });
}

/** The texts a request carries: its URL, header values (a Basic header decoded), the body, and a form body's values. */
export function requestTexts(url: URL, init?: { headers?: HeadersInit; body?: unknown }): string[] {
  const headers = new Headers(init?.headers);
  const texts = [url.href, ...headers.values()];
  const basic = headers.get("authorization")?.match(/^Basic\s+(\S+)/i)?.[1];
  if (basic) texts.push(Buffer.from(basic, "base64").toString("utf8"));
  const body = init?.body;
  if (body instanceof URLSearchParams) texts.push(body.toString(), ...body.values());
  else if (typeof body === "string") texts.push(body, ...new URLSearchParams(body).values());
  else if (body instanceof Uint8Array) texts.push(Buffer.from(body).toString("utf8"));
  return texts;
}

/**
 * Throws SecretDestinationError, naming the secret and the host, when a restricted secret is in `texts` on its way to a
 * host it may not reach.
 */
export function checkSecretDestination(url: URL, texts: () => string[], secrets: readonly OutboundSecret[]): void {
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  const refused = secrets.filter(
    (secret) => secret.allowedHosts.length > 0 && secret.value && !hostAllowed(host, secret.allowedHosts),
  );
  if (refused.length === 0) return;
  const carried = texts();
  for (const secret of refused) {
    const forms = secretForms(secret.value);
    if (carried.some((text) => forms.some((form) => text.includes(form))))
      throw new SecretDestinationError(secret.name, host, secret.allowedHosts);
  }
}

/** The check for a fetch-style request. */
export function checkRequestSecrets(
  url: URL,
  init: { headers?: HeadersInit; body?: unknown } | undefined,
  secrets: readonly OutboundSecret[],
): void {
  checkSecretDestination(url, () => requestTexts(url, init), secrets);
}
