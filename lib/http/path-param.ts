/** A dynamic path segment as written by the client: decoded when it is still percent-encoded, as is otherwise. */
export function pathParam(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}
