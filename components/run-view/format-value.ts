/**
 * Tool arguments and results for reading: JSON text (what MCP tools answer, often with a JSON
 * body inside) is unpacked, then shown pretty-printed in full or as a one-line preview.
 */
const MAX_DEPTH = 4;

/**
 * Parses strings that hold a JSON object or array, also nested ones, so they print as structure rather than escaped
 * text.
 */
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
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, unpackJson(v, depth + 1)]));
  return value;
}

export function prettyValue(value: unknown): string {
  const unpacked = unpackJson(value);
  if (typeof unpacked === "string") return unpacked;
  return JSON.stringify(unpacked, null, 2) ?? String(unpacked);
}

export function previewValue(value: unknown, maxChars = 160): string {
  const unpacked = unpackJson(value);
  const oneLine =
    typeof unpacked === "string"
      ? unpacked.replace(/\s+/g, " ").trim()
      : (JSON.stringify(unpacked) ?? String(unpacked));
  return oneLine.length > maxChars ? `${oneLine.slice(0, maxChars - 1)}…` : oneLine;
}

/** An image as MCP tools return it: `{ type: "image", data: base64, mimeType }`. */
export type ImageBlock = { mimeType: string; data: string };

const isImageBlock = (value: unknown): value is ImageBlock & { type: "image" } =>
  !!value &&
  typeof value === "object" &&
  (value as { type?: unknown }).type === "image" &&
  typeof (value as ImageBlock).data === "string" &&
  typeof (value as ImageBlock).mimeType === "string" &&
  (value as ImageBlock).mimeType.startsWith("image/");

function parsedLine(line: string): unknown {
  if (!line.trimStart().startsWith("{")) return undefined;
  try {
    return JSON.parse(line);
  } catch {
    return undefined;
  }
}

/**
 * Takes the images out of a value so they can be drawn rather than printed as base64: the value
 * itself, the items of a list, or the lines of a tool result's text (which carries each non-text
 * block as a line of JSON). `rest` is what remains, undefined when nothing does.
 */
export function splitImages(value: unknown): { images: ImageBlock[]; rest: unknown } {
  if (isImageBlock(value)) return { images: [value], rest: undefined };
  if (Array.isArray(value)) {
    const images = value.filter(isImageBlock);
    return images.length === 0
      ? { images, rest: value }
      : { images, rest: value.filter((item) => !isImageBlock(item)) };
  }
  if (typeof value === "string" && value.includes('"image"')) {
    const lines = value.split("\n");
    const images = lines.map(parsedLine).filter(isImageBlock);
    if (images.length === 0) return { images, rest: value };
    const rest = lines
      .filter((line) => !isImageBlock(parsedLine(line)))
      .join("\n")
      .trim();
    return { images, rest: rest === "" ? undefined : rest };
  }
  return { images: [], rest: value };
}
