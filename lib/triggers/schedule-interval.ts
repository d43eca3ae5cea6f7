/**
 * The shortest time between two firings of a cron schedule, and the floor schedules must respect
 * (SWITCHBOARD_MIN_SCHEDULE_SECONDS, default 60 s): a schedule that fires every second is a run
 * every second, for everyone sharing the workers. Worked out from cron-parser's fields, not by
 * stepping through firings (each step costs milliseconds). Pure but for reading the environment.
 */
import { CronExpressionParser } from "cron-parser";

export const DEFAULT_MIN_SCHEDULE_SECONDS = 60;

/** The floor in seconds; `0` lets any schedule through. An unreadable value keeps the default. */
export function minScheduleSeconds(
  env: Record<string, string | undefined> = typeof process === "undefined" ? {} : process.env,
): number {
  const raw = env.SWITCHBOARD_MIN_SCHEDULE_SECONDS?.trim();
  const value = raw ? Number(raw) : NaN;
  return Number.isInteger(value) && value >= 0 ? value : DEFAULT_MIN_SCHEDULE_SECONDS;
}

/**
 * Whether some value and the one after it (wrapping round at `size`) both fire: the coarser field can fire twice in a
 * row.
 */
const hasNeighbours = (values: readonly number[], size: number) =>
  values.some((value) => values.includes((value + 1) % size));

/**
 * The shortest gap in seconds between consecutive firings. The finest of second, minute and hour
 * with several values decides it: its closest two values, or its wrap from last to first when the
 * next field up fires in consecutive units. All three single-valued: a day (DST shifts aside).
 */
export function shortestGapSeconds(pattern: string, timezone: string): number {
  const { second, minute, hour } = CronExpressionParser.parse(pattern, { tz: timezone }).fields;
  const levels = [
    { values: [...second.values] as number[], size: 60, unit: 1 },
    { values: [...minute.values] as number[], size: 60, unit: 60 },
    { values: [...hour.values] as number[], size: 24, unit: 3600 },
  ];
  for (const [index, { values, size, unit }] of levels.entries()) {
    if (values.length < 2) continue;
    const sorted = [...values].sort((a, b) => a - b);
    let gap = Math.min(...sorted.slice(1).map((value, at) => value - sorted[at]));
    const coarser = levels[index + 1];
    if (!coarser || hasNeighbours(coarser.values, coarser.size))
      gap = Math.min(gap, size - sorted[sorted.length - 1] + sorted[0]);
    return gap * unit;
  }
  return 24 * 3600;
}

/** Why the schedule fires too often, or null; a pattern that does not parse is cronProblem's to report. */
export function scheduleIntervalProblem(
  pattern: string,
  timezone: string,
  minSeconds = minScheduleSeconds(),
): string | null {
  if (minSeconds <= 0) return null;
  let gap: number;
  try {
    gap = shortestGapSeconds(pattern, timezone);
  } catch {
    return null;
  }
  if (gap >= minSeconds) return null;
  return (
    `"${pattern}" fires ${gap} s apart; a schedule may fire at most once every ${minSeconds} s ` +
    `(SWITCHBOARD_MIN_SCHEDULE_SECONDS)`
  );
}
