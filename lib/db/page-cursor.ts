/**
 * Cursor paging for lists ordered newest first by (time, id): the cursor is the last row's pair,
 * opaque to callers, so a page never skips or repeats a row while new ones arrive. Used by the run
 * history and the audit trail.
 */
export class BadCursorError extends Error {}

export function encodeCursor(at: Date, id: string | number): string {
  return Buffer.from(JSON.stringify([at.toISOString(), id])).toString("base64url");
}

/**
 * The (time, id) a cursor stands for; `idType` says what the list's ids are. A cursor this API did not give out is a
 * BadCursorError.
 */
export function decodeCursor<T extends "string" | "number">(
  cursor: string,
  idType: T,
): { at: string; id: T extends "string" ? string : number } {
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as [string, unknown];
    const idOk = idType === "number" ? Number.isInteger(id) : typeof id === "string";
    if (!idOk || typeof at !== "string" || Number.isNaN(Date.parse(at))) throw new Error();
    return { at, id: id as T extends "string" ? string : number };
  } catch {
    throw new BadCursorError(`"cursor" is not one this API gave out: pass the nextCursor of the previous page`);
  }
}
