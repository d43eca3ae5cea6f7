import { describe, expect, it } from "vitest";
import { MAX_COMPILED, sharedSchemaValidator } from "./schema-validator";

const schemaNumbered = (n: number) =>
  ({ type: "object", properties: { [`field${n}`]: { type: "string" } }, required: [`field${n}`] }) as const;

describe("sharedSchemaValidator", () => {
  it("validates like the SDK's default, formats included, and says what is wrong", () => {
    const validate = sharedSchemaValidator().getValidator<{ email: string }>({
      type: "object",
      properties: { email: { type: "string", format: "email" } },
      required: ["email"],
    });
    expect(validate({ email: "a@example.com" })).toEqual({
      valid: true,
      data: { email: "a@example.com" },
      errorMessage: undefined,
    });
    const wrong = validate({ email: "not an address" });
    expect(wrong.valid).toBe(false);
    expect(wrong.errorMessage).toMatch(/email/);
  });

  it("compiles a schema once however many objects spell it, and forgets the least recently used past its bound", () => {
    const validator = sharedSchemaValidator();
    const first = validator.getValidator(schemaNumbered(0));
    expect(validator.getValidator(JSON.parse(JSON.stringify(schemaNumbered(0))))).toBe(first);
    for (let n = 1; n <= MAX_COMPILED; n++) validator.getValidator(schemaNumbered(n));
    const recompiled = validator.getValidator(schemaNumbered(0));
    expect(recompiled).not.toBe(first);
    expect(recompiled({ field0: "x" }).valid).toBe(true);
    expect(recompiled({}).valid).toBe(false);
  });
});
