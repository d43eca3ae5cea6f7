/**
 * The secrets one run (or one tool call) knows: it resolves a node's own params, learns every
 * secret its run names up front (so whatever a node, a tool or a model hands back is redacted
 * from the first event on), and redacts those values from whatever is recorded or handed on. Only
 * a node's configured params are resolved, never data from upstream or arguments from a model, so
 * neither can ask for a secret by writing `{ "$secret": NAME }`.
 */
import { Redactor } from "./redact";
import { readNamedSecrets, referencedNames, resolveSecrets } from "./resolve";
import type { OutboundSecret } from "./secret-destination";
import { createStreamRedactor, type StreamRedactor } from "./stream-redactor";

export class SecretScope {
  private readonly values = new Set<string>();
  private readonly restricted = new Map<string, OutboundSecret>();
  private redactor = new Redactor([]);

  async resolveParams<T>(params: T): Promise<T> {
    const { value, secrets } = await resolveSecrets(params);
    this.add(secrets);
    return value;
  }

  /**
   * Learns the secrets the sources name, for redaction and host checks; a missing secret is passed
   * over (the node naming it fails on its own). Sources naming none cost a walk, no query.
   */
  async learn(sources: readonly unknown[]): Promise<void> {
    const names = new Set<string>();
    for (const source of sources) referencedNames(source, names);
    if (names.size === 0) return;
    const found = await Promise.all([...names].map((name) => readNamedSecrets([name]).catch(() => [])));
    this.add(found.flat());
  }

  /** The resolved secrets that may only go to some hosts: outbound requests check them (secret-destination.ts). */
  outbound(): OutboundSecret[] {
    return [...this.restricted.values()];
  }

  get empty(): boolean {
    return this.redactor.empty;
  }

  /** Redaction for a text streamed in pieces; none needed when the scope knows no secret. */
  streamRedactor(): StreamRedactor | undefined {
    return this.redactor.empty ? undefined : createStreamRedactor(this.redactor);
  }

  redact<T>(value: T): T {
    return this.redactor.value(value);
  }

  redactText(text: string): string {
    return this.redactor.text(text);
  }

  private add(secrets: readonly OutboundSecret[]): void {
    const before = this.values.size;
    for (const secret of secrets) {
      if (secret.value.length > 0) this.values.add(secret.value);
      if (secret.allowedHosts.length > 0) this.restricted.set(secret.name, secret);
    }
    if (this.values.size !== before) this.redactor = new Redactor(this.values);
  }
}
