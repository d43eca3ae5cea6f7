"use client";
/** How long the run took, or, while it runs, how long it has been running (ticking). */
import { useEffect, useState } from "react";
import { formatDuration } from "./format-duration";

const TICK_MS = 200;

export function ElapsedTime({ startedAt, durationMs }: { startedAt?: string; durationMs?: number }) {
  const [now, setNow] = useState<number | null>(null);
  const ticking = durationMs === undefined && startedAt !== undefined;
  useEffect(() => {
    if (!ticking) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, [ticking]);

  if (durationMs !== undefined) return <span data-testid="run-duration">{formatDuration(durationMs)}</span>;
  // The clock is read only after mount, so the server's HTML and the first client render agree.
  if (!startedAt || now === null) return <span data-testid="run-duration">—</span>;
  return <span data-testid="run-duration">{formatDuration(now - Date.parse(startedAt))}</span>;
}
