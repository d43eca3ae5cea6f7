/**
 * Reads a request's JSON body with the limits every route shares: at most `limit` bytes (counted
 * while streaming, whatever Content-Length claimed), nesting no deeper than 64, and no NUL
 * characters in keys or strings. Each refusal is a 400/413 ApiError naming the place at fault.
 */
import { ApiError } from "./api-error";

export const MAX_JSON_DEPTH = 64;

async function readText(request: Request, limit: number): Promise<string> {
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw new ApiError("too-large", `The body is larger than the limit here (${limit} bytes)`);
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

/** The JSON path of the first NUL character or too-deep value, or null when the value is clean. */
export function findBadJson(value: unknown, path = "body", depth = 0): string | null {
  if (depth > MAX_JSON_DEPTH) return `${path}: nested deeper than ${MAX_JSON_DEPTH} levels`;
  if (typeof value === "string") return value.includes("\u0000") ? `${path}: contains a NUL character` : null;
  if (value === null || typeof value !== "object") return null;
  const entries: [string, unknown][] = Array.isArray(value)
    ? value.map((item, index) => [`[${index}]`, item])
    : Object.entries(value).map(([key, item]) => [`.${key}`, item]);
  for (const [step, item] of entries) {
    if (step.includes("\u0000")) return `${path}: a key contains a NUL character`;
    const found = findBadJson(item, `${path}${step}`, depth + 1);
    if (found) return found;
  }
  return null;
}

export async function readJsonBody(request: Request, limit = 1024 * 1024): Promise<unknown> {
  const text = await readText(request, limit);
  if (!text.trim()) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ApiError("bad-request", "The request body is not valid JSON");
  }
  const bad = findBadJson(value);
  if (bad) throw new ApiError("bad-request", bad);
  return value;
}
