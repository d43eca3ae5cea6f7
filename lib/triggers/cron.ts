/**
 * Cron schedules as the Schedule trigger takes them: checked (pattern and time zone) and their next times, with
 * cron-parser (what BullMQ uses). Pure.
 */
import { CronExpressionParser } from "cron-parser";

export function cronProblem(pattern: string, timezone: string): string | null {
  try {
    new Intl.DateTimeFormat("en", { timeZone: timezone });
  } catch {
    return `"${timezone}" is not a time zone (use an IANA name such as Europe/Oslo or UTC)`;
  }
  try {
    CronExpressionParser.parse(pattern, { tz: timezone });
    return null;
  } catch (error) {
    return `"${pattern}" is not a cron schedule: ${(error as Error).message}`;
  }
}

/** The next `count` times the schedule fires after `from`, as ISO strings. */
export function nextRunTimes(pattern: string, timezone: string, count = 3, from = new Date()): string[] {
  const expression = CronExpressionParser.parse(pattern, { tz: timezone, currentDate: from });
  return Array.from({ length: count }, () => expression.next().toISOString() ?? "");
}
