/**
 * Redaction: every spelling of a set of secret values replaced with "[secret]", in a text or in
 * every string inside a value. A Redactor works its spellings out once; with no secrets it does no
 * work at all, and a value with nothing to hide comes back as the same object (nothing copied).
 */

export const REDACTED = "[secret]";

/**
 * The spellings a secret can come back in: as is, base64 (standard and URL-safe, with and without
 * padding), URL-encoded and hex. Short values only as is: their encodings would match by chance.
 */
export function secretForms(secret: string): string[] {
  if (secret.length < 8) return [secret];
  const bytes = Buffer.from(secret, "utf8");
  const base64 = bytes.toString("base64");
  const forms = [
    secret,
    base64,
    base64.replace(/=+$/, ""),
    bytes.toString("base64url"),
    encodeURIComponent(secret),
    new URLSearchParams({ v: secret }).toString().slice(2),
    bytes.toString("hex"),
  ];
  return [...new Set(forms)].sort((a, b) => b.length - a.length);
}

export class Redactor {
  /** Longest first, so a spelling containing another is replaced whole. */
  private readonly forms: string[];
  /**
   * All spellings in one pattern: one pass over a text instead of one per spelling (about twice as fast for three
   * secrets).
   */
  private readonly pattern: RegExp;
  /**
   * No spelling has a character JSON escapes: a value's JSON text holds a spelling exactly when one of its strings
   * does.
   */
  private readonly jsonSafe: boolean;

  constructor(secretValues: Iterable<string>) {
    const values = [...secretValues].filter((secret) => secret.length > 0);
    this.forms = [...new Set(values.flatMap(secretForms))].sort((a, b) => b.length - a.length);
    this.jsonSafe = this.forms.every((form) => !/["\\\u0000-\u001f]/.test(form));
    this.pattern = new RegExp(
      this.forms.map((form) => form.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|") || "(?!)",
      "g",
    );
  }

  get empty(): boolean {
    return this.forms.length === 0;
  }

  /** The longest spelling's length: a stream must hold back one character less to never cut a spelling in two. */
  get longestForm(): number {
    return this.forms[0]?.length ?? 0;
  }

  /**
   * The largest cut at or before `end` that splits no spelling found in `text`, so the part before
   * it can be redacted and shown while the rest waits (stream-redactor.ts).
   */
  safeCut(text: string, end: number): number {
    let cut = Math.max(0, end);
    for (let moved = true; moved;) {
      moved = false;
      for (const form of this.forms) {
        const start = text.indexOf(form, Math.max(0, cut - form.length + 1));
        if (start !== -1 && start < cut) {
          cut = start;
          moved = true;
        }
      }
    }
    return cut;
  }

  text(text: string): string {
    return this.forms.length > 0 && this.holds(text) ? text.replace(this.pattern, REDACTED) : text;
  }

  /**
   * Every string inside the value (object keys included) redacted; plain objects and arrays are copied only where
   * something changed.
   */
  value<T>(value: T): T {
    if (this.forms.length === 0) return value;
    // Most values hold no secret: one search of their JSON text says so, cheaper than visiting every string.
    if (this.jsonSafe && !this.holds(jsonText(value))) return value;
    return this.walk(value) as T;
  }

  /** Whether the text holds a spelling; no text (a value JSON cannot write) may hold one. */
  private holds(text: string | undefined | null): boolean {
    if (text === null) return true;
    this.pattern.lastIndex = 0;
    return text !== undefined && this.pattern.test(text);
  }

  private walk(node: unknown): unknown {
    if (typeof node === "string") return this.text(node);
    if (Array.isArray(node)) {
      const items = node.map((item) => this.walk(item));
      return items.some((item, index) => item !== node[index]) ? items : node;
    }
    if (node && typeof node === "object" && Object.getPrototypeOf(node) === Object.prototype) {
      let changed = false;
      const entries = Object.entries(node).map(([key, inner]) => {
        const entry = [this.text(key), this.walk(inner)] as const;
        changed ||= entry[0] !== key || entry[1] !== inner;
        return entry;
      });
      return changed ? Object.fromEntries(entries) : node;
    }
    return node;
  }
}

/** A value's JSON text; null when JSON cannot write it (a BigInt, a cycle). */
function jsonText(value: unknown): string | undefined | null {
  try {
    return JSON.stringify(value);
  } catch {
    return null;
  }
}

/** Replaces every occurrence of the given secret values, in any of their spellings, in a text with "[secret]". */
export function redactSecrets(text: string, secretValues: readonly string[]): string {
  return new Redactor(secretValues).text(text);
}

/** `redactSecrets` applied to every string inside a value (object keys included), keeping its shape. */
export function redactValue<T>(value: T, secretValues: readonly string[]): T {
  return secretValues.length === 0 ? value : new Redactor(secretValues).value(value);
}
