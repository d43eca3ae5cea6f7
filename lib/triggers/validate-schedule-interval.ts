/**
 * The compiler's (and the save's) check that a Schedule node fires no more often than the floor allows
 * (schedule-interval.ts). Pure.
 */
import type { ParamValidator } from "../nodes/types";
import { cronProblem } from "./cron";
import { scheduleIntervalProblem } from "./schedule-interval";

/**
 * Why a Schedule node's params fire too often, or null; a cron or time zone that does not parse is the cron check's to
 * report.
 */
export function scheduleParamsTooFrequent(params: Record<string, unknown>): string | null {
  const cron = typeof params.cron === "string" ? params.cron.trim() : "";
  const timezone = typeof params.timezone === "string" && params.timezone.trim() ? params.timezone.trim() : "UTC";
  if (!cron || cronProblem(cron, timezone)) return null;
  return scheduleIntervalProblem(cron, timezone);
}

export const validateScheduleInterval: ParamValidator = (params, { label }) => {
  const problem = scheduleParamsTooFrequent(params);
  return problem ? [{ field: "cron", message: `"${label}": ${problem}` }] : [];
};
