/** The shortest gap between a cron schedule's firings, and the floor a schedule must keep. */
import { describe, expect, it } from "vitest";
import { minScheduleSeconds, scheduleIntervalProblem, shortestGapSeconds } from "./schedule-interval";

describe("shortestGapSeconds", () => {
  it.each([
    ["* * * * * *", 1],
    ["*/20 * * * * *", 20],
    ["0,59 0 * * * *", 59],
    ["0 * * * * *", 60],
    ["* * * * *", 60],
    ["*/5 * * * *", 300],
    ["0,58 * * * *", 120], // 0:58 then 1:00
    ["0,58 0 * * *", 58 * 60], // only hour 0: never 0:58 then 1:00
    ["0 0,23 * * *", 3600], // 23:00 then 0:00 the next day
    ["0 9 * * 1-5", 24 * 3600],
  ])("%s fires at least %i s apart", (pattern, seconds) => {
    expect(shortestGapSeconds(pattern, "UTC")).toBe(seconds);
  });
});

describe("scheduleIntervalProblem", () => {
  it("refuses a schedule under the floor, naming the floor and how to change it", () => {
    expect(scheduleIntervalProblem("* * * * * *", "UTC", 60)).toBe(
      '"* * * * * *" fires 1 s apart; a schedule may fire at most once every 60 s (SWITCHBOARD_MIN_SCHEDULE_SECONDS)',
    );
    expect(scheduleIntervalProblem("* * * * *", "UTC", 60)).toBeNull();
    expect(scheduleIntervalProblem("*/2 * * * *", "UTC", 300)).toMatch(/fires 120 s apart/);
    expect(scheduleIntervalProblem("* * * * * *", "UTC", 0)).toBeNull();
  });

  it("reads the floor from the environment, 60 s unless set to a whole number", () => {
    expect(minScheduleSeconds({})).toBe(60);
    expect(minScheduleSeconds({ SWITCHBOARD_MIN_SCHEDULE_SECONDS: "300" })).toBe(300);
    expect(minScheduleSeconds({ SWITCHBOARD_MIN_SCHEDULE_SECONDS: "0" })).toBe(0);
    expect(minScheduleSeconds({ SWITCHBOARD_MIN_SCHEDULE_SECONDS: "soon" })).toBe(60);
  });
});
