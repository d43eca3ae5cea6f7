/** The zod-free secret reference test agrees with the schema the params are checked with (reference.ts). */
import { describe, expect, it } from "vitest";
import { SecretRef } from "./reference";
import { isSecretRef, secretRef } from "./secret-ref";

const candidates: unknown[] = [
  secretRef("API_KEY"),
  { $secret: "_x1" },
  { $secret: "1st" },
  { $secret: "has-dash" },
  { $secret: "" },
  { $secret: 7 },
  { $secret: "KEY", extra: true },
  ["KEY"],
  Object.assign(["KEY"], { $secret: "KEY" }),
  "KEY",
  null,
  undefined,
  {},
  Object.assign(Object.create({ $secret: "INHERITED" }), { other: 1 }),
];

describe("isSecretRef", () => {
  it("accepts exactly what the strict schema accepts", () => {
    for (const value of candidates)
      expect(isSecretRef(value), JSON.stringify(value)).toBe(SecretRef.safeParse(value).success);
    expect(candidates.filter(isSecretRef)).toEqual([{ $secret: "API_KEY" }, { $secret: "_x1" }]);
  });
});
