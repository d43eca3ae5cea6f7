/**
 * Caps how many live run streams (SSE) one user holds open in this web process: SWITCHBOARD_MAX_STREAMS_PER_USER,
 * default 32.
 */
const open = new Map<string, number>();

function maxStreams(): number {
  const configured = Number(process.env.SWITCHBOARD_MAX_STREAMS_PER_USER);
  return Number.isInteger(configured) && configured > 0 ? configured : 32;
}

/** A release function (safe to call twice), or null when the user is at the cap. */
export function acquireStream(userId: string): (() => void) | null {
  const count = open.get(userId) ?? 0;
  if (count >= maxStreams()) return null;
  open.set(userId, count + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const left = (open.get(userId) ?? 1) - 1;
    if (left > 0) open.set(userId, left);
    else open.delete(userId);
  };
}
