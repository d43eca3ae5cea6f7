import { describe, expect, it } from "vitest";
import { firingsBetween } from "./missed-firings";

const at = (time: string) => new Date(`2026-03-02T${time}Z`);

describe("firingsBetween", () => {
  it("counts the firings strictly between two times", () => {
    expect(firingsBetween("* * * * * *", "UTC", at("10:00:00"), at("10:00:04"))).toEqual({
      count: 3,
      first: at("10:00:01"),
      last: at("10:00:03"),
    });
    expect(firingsBetween("*/15 * * * *", "UTC", at("10:00:00"), at("11:00:00"))).toEqual({
      count: 3,
      first: at("10:15:00"),
      last: at("10:45:00"),
    });
  });

  it("answers null when nothing fell in between", () => {
    expect(firingsBetween("0 * * * *", "UTC", at("10:00:00"), at("11:00:00"))).toBeNull();
    expect(firingsBetween("* * * * * *", "UTC", at("10:00:00"), at("10:00:00"))).toBeNull();
  });

  it("follows the schedule's time zone", () => {
    // 9:00 in Oslo (UTC+1 in March) is 8:00 UTC.
    expect(firingsBetween("0 9 * * *", "Europe/Oslo", at("07:00:00"), at("12:00:00"))).toEqual({
      count: 1,
      first: at("08:00:00"),
      last: at("08:00:00"),
    });
  });
});
