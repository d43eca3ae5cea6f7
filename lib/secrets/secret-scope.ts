/**
 * The secrets one run (or one tool call) has resolved: it resolves a node's own params and then
 * redacts those values from whatever is recorded or handed on. Only a node's configured params
 * are resolved, never data from upstream or arguments from a model, so neither can ask for a
 * secret by writing `{ "$secret": NAME }`.
 */
import type { OutboundSecret } from "../net/guarded-fetch";
import { redactSecrets, redactValue, resolveSecrets } from "./resolve";

export class SecretScope {
  private readonly values = new Set<string>();
  private readonly restricted = new Map<string, OutboundSecret>();

  async resolveParams<T>(params: T): Promise<T> {
    const { value, secretValues, secrets } = await resolveSecrets(params);
    for (const secret of secretValues) if (secret.length > 0) this.values.add(secret);
    for (const secret of secrets) if (secret.allowedHosts.length > 0) this.restricted.set(secret.name, secret);
    return value;
  }

  /** The resolved secrets that may only go to some hosts: outbound requests check them (lib/net/guarded-fetch.ts). */
  outbound(): OutboundSecret[] {
    return [...this.restricted.values()];
  }

  redact<T>(value: T): T {
    return redactValue(value, this.sortedValues());
  }

  redactText(text: string): string {
    return redactSecrets(text, this.sortedValues());
  }

  /** Longest first, so a secret containing another is replaced whole. */
  private sortedValues(): string[] {
    return [...this.values].sort((a, b) => b.length - a.length);
  }
}
