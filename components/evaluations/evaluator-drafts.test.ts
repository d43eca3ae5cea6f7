/**
 * The evaluator editor's drafts: settings round-trip through the forms unchanged, and wrong fields are named by their
 * label with the API's own schema's words.
 */
import { describe, expect, it } from "vitest";
import { EvaluatorList } from "@/lib/evaluations/evaluators/kinds";
import { checkDrafts, fromDraft, toDraft, toDrafts, type Draft } from "./evaluator-drafts";
import { KINDS } from "./evaluator-kinds";

const edited = (settings: object, values: Record<string, string | boolean>): Draft => {
  const draft = toDraft(settings)!;
  return { ...draft, values: { ...draft.values, ...values } };
};

describe("evaluator drafts", () => {
  it("give back the settings they were made from, for every kind", () => {
    const list = [
      { kind: "exact", value: "{{expected.output}}", ignoreCase: true, name: "exactly" },
      { kind: "contains", value: "°C", ignoreCase: false },
      { kind: "regex", pattern: "\\d+", flags: "i" },
      { kind: "jsonSchema", schema: { type: "object", required: ["temp"] } },
      { kind: "toolCalled", tool: "weather" },
      { kind: "toolNotCalled", tool: "delete_all" },
      { kind: "toolArgs", tool: "weather", argument: "city", pattern: "{{expected.city}}" },
      { kind: "maxToolCalls", max: 2 },
      { kind: "maxCost", usd: 0.005 },
      { kind: "maxLatency", ms: 1500 },
      { kind: "llmJudge", rubric: "Polite", passAt: 0.8, modelNode: "agent", model: { model: "gpt-4o" } },
    ];
    expect(new Set(list.map((settings) => settings.kind))).toEqual(new Set(Object.keys(KINDS)));
    const checked = checkDrafts(toDrafts(list));
    expect(checked.errors.every((errors) => Object.keys(errors).length === 0)).toBe(true);
    expect(checked.settings).toEqual(EvaluatorList.parse(list));
  });

  it("start every kind from the menu with settings the API takes once its required blanks are filled", () => {
    for (const [kind, spec] of Object.entries(KINDS)) {
      const draft = toDraft(spec.starts("agent"))!;
      const blanks = spec.fields.filter((field) => !field.optional && draft.values[field.key] === "");
      const filled = { ...draft, values: { ...draft.values, ...Object.fromEntries(blanks.map((f) => [f.key, "x"])) } };
      expect(fromDraft(filled), kind).toHaveProperty("settings.kind", kind);
    }
  });

  it("name each wrong field by its label", () => {
    expect(fromDraft(edited({ kind: "toolCalled" }, { tool: " " }))).toEqual({ errors: { tool: "Tool: required" } });
    expect(fromDraft(edited({ kind: "maxToolCalls", max: 1 }, { max: "two" }))).toEqual({
      errors: { max: "At most: must be a number" },
    });
    const json = fromDraft(edited({ kind: "jsonSchema", schema: {} }, { schema: "{ type: object" }));
    expect(json).toEqual({ errors: { schema: expect.stringMatching(/^JSON Schema: not JSON \(/) } });
    const flags = fromDraft(edited({ kind: "regex", pattern: "a" }, { flags: "g" }));
    expect(flags).toEqual({ errors: { flags: "Flags: flags may hold only i, m, s and u" } });
    const judge = fromDraft(edited({ kind: "llmJudge", rubric: "r", passAt: 0.7 }, { passAt: "1.5" }));
    expect(judge).toEqual({ errors: { passAt: expect.stringMatching(/^Pass at score: .*1/) } });
    expect(fromDraft(edited({ kind: "maxCost", usd: 1 }, { usd: "-1" }))).toEqual({
      errors: { usd: expect.stringMatching(/^At most \(USD\): /) },
    });
  });

  it("leave out an empty optional field, so its default applies", () => {
    expect(fromDraft(edited({ kind: "contains", value: "x" }, { value: "", name: "" }))).toEqual({
      settings: { kind: "contains", value: "{{expected.output}}", ignoreCase: false },
    });
  });

  it("drop a kind the editor does not know, and hold no list when one is wrong or none is given", () => {
    expect(toDrafts([{ kind: "telepathy" }, { kind: "exact" }]).map((draft) => draft.kind)).toEqual(["exact"]);
    expect(checkDrafts([]).settings).toBeNull();
    const checked = checkDrafts([toDraft({ kind: "exact" })!, edited({ kind: "toolCalled" }, { tool: "" })]);
    expect(checked).toEqual({ settings: null, errors: [{}, { tool: "Tool: required" }] });
  });
});
