/** The Run form's fields, read without the input schema, agree with it on well-formed fields (run-input-schema.ts). */
import { describe, expect, it } from "vitest";
import { InputFields } from "@/lib/workflow/run-input-schema";
import { entryInputFields } from "./entry-input-fields";

const entry = (inputFields: unknown) => [{ type: "core.entry", data: { params: { inputFields } } }];

describe("entryInputFields", () => {
  it("gives well-formed fields as the schema does, with its defaults", () => {
    const fields = [
      { name: "city" },
      { name: "days", type: "number", required: true, description: "how many", default: 3 },
      { name: "raw", type: "json" },
    ];
    expect(entryInputFields(entry(fields))).toEqual(InputFields.parse(fields));
  });

  it("leaves out a malformed field (the live check names it) and keeps the rest", () => {
    const fields = [{ name: "1st" }, { name: "ok", type: "date" }, "x", { name: "kept", type: "boolean" }];
    expect(entryInputFields(entry(fields))).toEqual([
      { name: "kept", type: "boolean", description: "", required: false },
    ]);
    expect(entryInputFields([{ type: "core.llm", data: { params: { inputFields: fields } } }])).toEqual([]);
  });
});
