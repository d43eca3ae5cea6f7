/**
 * Which firings of a cron schedule fell in a stretch of time (the ones a schedule missed), with cron-parser as BullMQ
 * uses it. Pure.
 */
import { CronExpressionParser } from "cron-parser";

export type MissedFirings = { count: number; first: Date; last: Date };

/** Counting stops here: a every-second schedule down for a day is "86,400 or more", not a loop to finish. */
export const MAX_COUNTED = 100_000;

/** The firings strictly after `after` and strictly before `before`, or null when there are none. */
export function firingsBetween(pattern: string, timezone: string, after: Date, before: Date): MissedFirings | null {
  if (before.getTime() - after.getTime() <= 1) return null;
  const expression = CronExpressionParser.parse(pattern, {
    tz: timezone,
    currentDate: after,
    endDate: new Date(before.getTime() - 1),
  });
  let first: Date | null = null;
  let last: Date | null = null;
  let count = 0;
  while (count < MAX_COUNTED && expression.hasNext()) {
    last = expression.next().toDate();
    first ??= last;
    count++;
  }
  return first && last ? { count, first, last } : null;
}
