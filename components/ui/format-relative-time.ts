/** "3 minutes ago" style times for lists, falling back to a date for anything older than a week. */
const relative = new Intl.RelativeTimeFormat("en", { numeric: "auto" });
const absolute = new Intl.DateTimeFormat("en", { day: "numeric", month: "short", year: "numeric" });

const STEPS: [limitSeconds: number, unit: Intl.RelativeTimeFormatUnit, seconds: number][] = [
  [60, "second", 1],
  [3600, "minute", 60],
  [86_400, "hour", 3600],
  [604_800, "day", 86_400],
];

export function formatRelativeTime(date: Date, now: Date = new Date()): string {
  const elapsed = (now.getTime() - date.getTime()) / 1000;
  if (elapsed < 10) return "just now";
  for (const [limit, unit, seconds] of STEPS) {
    if (elapsed < limit) return relative.format(-Math.floor(elapsed / seconds), unit);
  }
  return absolute.format(date);
}
