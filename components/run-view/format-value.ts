/**
 * Tool arguments and results for reading: JSON text (what MCP tools answer, often with a JSON
 * body inside) is unpacked, then shown pretty-printed in full or as a one-line preview.
 */
const MAX_DEPTH = 4;

/** Parses strings that hold a JSON object or array, also nested ones, so they print as structure rather than escaped text. */
export function unpackJson(value: unknown, depth = 0): unknown {
  if (depth > MAX_DEPTH) return value;
  if (typeof value === "string") {
    const trimmed = value.trim();
    if (!/^[[{]/.test(trimmed)) return value;
    try {
      return unpackJson(JSON.parse(trimmed), depth + 1);
    } catch {
      return value;
    }
  }
  if (Array.isArray(value)) return value.map((item) => unpackJson(item, depth + 1));
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, unpackJson(v, depth + 1)]));
  return value;
}

export function prettyValue(value: unknown): string {
  const unpacked = unpackJson(value);
  if (typeof unpacked === "string") return unpacked;
  return JSON.stringify(unpacked, null, 2) ?? String(unpacked);
}

export function previewValue(value: unknown, maxChars = 160): string {
  const unpacked = unpackJson(value);
  const oneLine = typeof unpacked === "string" ? unpacked.replace(/\s+/g, " ").trim() : (JSON.stringify(unpacked) ?? String(unpacked));
  return oneLine.length > maxChars ? `${oneLine.slice(0, maxChars - 1)}…` : oneLine;
}
