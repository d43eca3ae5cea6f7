/**
 * The secrets one run (or one tool call) has resolved: it resolves a node's own params and then
 * redacts those values from whatever is recorded or handed on. Only a node's configured params
 * are resolved, never data from upstream or arguments from a model, so neither can ask for a
 * secret by writing `{ "$secret": NAME }`.
 */
import { redactSecrets, redactValue, resolveSecrets } from "./resolve";

export class SecretScope {
  private readonly values = new Set<string>();

  async resolveParams<T>(params: T): Promise<T> {
    const { value, secretValues } = await resolveSecrets(params);
    for (const secret of secretValues) if (secret.length > 0) this.values.add(secret);
    return value;
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
