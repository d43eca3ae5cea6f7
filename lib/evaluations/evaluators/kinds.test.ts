/** Each evaluator kind on hand-made rows: what passes, what fails, and the reason it gives. */
import { describe, expect, it } from "vitest";
import { EvaluatorConfig, evaluateRow, evaluatorNames } from "./kinds";
import { judgePrompt } from "./llm-judge";
import { fillRow } from "./placeholders";
import type { AskJudge, RowOutcome } from "./types";

const row = (over: Partial<RowOutcome> = {}): RowOutcome => ({
  input: { city: "Oslo" },
  expectations: { output: "Oslo: 4°C", city: "Oslo" },
  status: "completed",
  output: "Oslo: 4°C",
  error: null,
  toolCalls: [
    { toolName: "lookup", args: { city: "Oslo" }, outcome: "completed" },
    { toolName: "lookup", args: { city: "Bergen" }, outcome: "error" },
    { toolName: "delete_all", args: {}, outcome: "blocked" },
  ],
  costUsd: 0.002,
  totalTokens: 50,
  durationMs: 1200,
  ...over,
});

const noJudge: AskJudge = () => Promise.reject(new Error("no judge here"));

async function judged(config: Record<string, unknown>, outcome = row(), ask = noJudge) {
  const parsed = EvaluatorConfig.parse(config);
  const { scores } = await evaluateRow([parsed], outcome, ask);
  return scores[0];
}

const passes = async (config: Record<string, unknown>, outcome = row()) => (await judged(config, outcome)).pass;

describe("output evaluators", () => {
  it("exact compares with the row's expected output, trimmed, optionally ignoring case", async () => {
    expect(await passes({ kind: "exact" })).toBe(true);
    expect(await passes({ kind: "exact" }, row({ output: "  Oslo: 4°C\n" }))).toBe(true);
    expect(await judged({ kind: "exact" }, row({ output: "oslo: 4°c" }))).toMatchObject({
      pass: false,
      score: 0,
      reason: 'Expected "Oslo: 4°C", got "oslo: 4°c"',
    });
    expect(await passes({ kind: "exact", ignoreCase: true }, row({ output: "oslo: 4°c" }))).toBe(true);
  });

  it("contains looks for a text that may quote the row", async () => {
    expect(await passes({ kind: "contains", value: "{{expected.city}}" }, row({ output: "It is cold in Oslo" }))).toBe(
      true,
    );
    expect(await judged({ kind: "contains", value: "Paris" })).toMatchObject({
      pass: false,
      reason: 'The output "Oslo: 4°C" does not contain "Paris"',
    });
    expect((await judged({ kind: "contains", value: "{{expected.nothing}}" })).reason).toMatch(/no expected text/);
  });

  it("regex matches the output, and a broken pattern fails with why", async () => {
    expect(await passes({ kind: "regex", pattern: "^\\w+: \\d+°C$" })).toBe(true);
    expect(await passes({ kind: "regex", pattern: "^oslo", flags: "i" })).toBe(true);
    expect(await passes({ kind: "regex", pattern: "^Bergen" })).toBe(false);
    expect((await judged({ kind: "regex", pattern: "(" })).reason).toMatch(/is not a regular expression/);
    expect(() => EvaluatorConfig.parse({ kind: "regex", pattern: "x", flags: "g" })).toThrow(/flags/);
  });

  it("jsonSchema checks an object output or JSON text, naming what does not match", async () => {
    const schema = { type: "object", properties: { temp: { type: "number" } }, required: ["temp"] };
    expect(await passes({ kind: "jsonSchema", schema }, row({ output: { temp: 4 } }))).toBe(true);
    expect(await passes({ kind: "jsonSchema", schema }, row({ output: '{"temp": 4}' }))).toBe(true);
    expect((await judged({ kind: "jsonSchema", schema }, row({ output: { temp: "4" } }))).reason).toBe(
      "The output: temp: must be number",
    );
    expect((await judged({ kind: "jsonSchema", schema })).reason).toMatch(/not JSON/);
  });
});

describe("tool-call assertions", () => {
  it("toolCalled and toolNotCalled count calls made, not calls the gateway blocked", async () => {
    expect(await judged({ kind: "toolCalled", tool: "lookup" })).toMatchObject({
      pass: true,
      reason: "lookup was called 2 times",
    });
    expect(await passes({ kind: "toolCalled", tool: "delete_all" })).toBe(false);
    expect(await passes({ kind: "toolNotCalled", tool: "delete_all" })).toBe(true);
    expect(await judged({ kind: "toolNotCalled", tool: "lookup" })).toMatchObject({ pass: false });
  });

  it("toolArgs matches one call's arguments (or one argument) against a pattern quoting the row", async () => {
    expect(await passes({ kind: "toolArgs", tool: "lookup", pattern: '"city":"Bergen"' })).toBe(true);
    expect(await passes({ kind: "toolArgs", tool: "lookup", argument: "city", pattern: "^{{expected.city}}$" })).toBe(
      true,
    );
    const miss = await judged({ kind: "toolArgs", tool: "lookup", argument: "city", pattern: "^Paris$" });
    expect(miss).toMatchObject({
      pass: false,
      reason: 'No call of lookup had its argument city matching /^Paris$/: "Oslo", "Bergen"',
    });
    expect((await judged({ kind: "toolArgs", tool: "search", pattern: "x" })).reason).toBe("search was never called");
  });

  it("maxToolCalls bounds one tool's calls or all of them", async () => {
    expect(await passes({ kind: "maxToolCalls", tool: "lookup", max: 2 })).toBe(true);
    expect(await judged({ kind: "maxToolCalls", tool: "lookup", max: 1 })).toMatchObject({
      pass: false,
      reason: "lookup called 2 times, more than 1",
    });
    expect(await passes({ kind: "maxToolCalls", max: 2 })).toBe(true);
    expect(await passes({ kind: "maxToolCalls", max: 1 })).toBe(false);
  });
});

describe("ceilings", () => {
  it("maxCost and maxLatency compare with the run's cost and duration", async () => {
    expect(await passes({ kind: "maxCost", usd: 0.002 })).toBe(true);
    expect(await judged({ kind: "maxCost", usd: 0.001 })).toMatchObject({
      pass: false,
      reason: "Cost $0.002000, more than $0.001000",
    });
    expect(await passes({ kind: "maxLatency", ms: 1200 })).toBe(true);
    expect(await passes({ kind: "maxLatency", ms: 1000 })).toBe(false);
    expect(await passes({ kind: "maxLatency", ms: 1000 }, row({ durationMs: null }))).toBe(false);
  });
});

describe("the LLM judge", () => {
  const config = { kind: "llmJudge", rubric: "Names the city", model: { provider: "scripted" }, passAt: 0.6 };

  it("passes at its threshold, clamps the score, and fails a judge that did not answer", async () => {
    const asked: string[] = [];
    const ask =
      (score: number): AskJudge =>
      async (prompt) => (asked.push(prompt), { score, reason: "why" });
    expect(await judged(config, row(), ask(0.6))).toEqual({
      name: "llmJudge",
      kind: "llmJudge",
      score: 0.6,
      pass: true,
      reason: "why",
    });
    expect(await judged(config, row(), ask(0.59))).toMatchObject({ pass: false, score: 0.59 });
    expect(await judged(config, row(), ask(7))).toMatchObject({ pass: true, score: 1 });
    expect(asked[0]).toBe(judgePrompt("Names the city", row()));
    expect(asked[0]).toContain("<output>\nOslo: 4°C\n</output>");
    expect(asked[0]).toContain('<expectations>\n{"output":"Oslo: 4°C","city":"Oslo"}\n</expectations>');
    expect(await judged(config)).toMatchObject({ pass: false, reason: "The judge did not answer: no judge here" });
  });
});

describe("a row", () => {
  it("passes only when its run completed and every evaluator passed; names repeat kinds with a number", async () => {
    const evaluators = [
      { kind: "contains", value: "Oslo" },
      { kind: "contains", value: "4" },
      { kind: "toolCalled", tool: "lookup", name: "looked up" },
    ].map((config) => EvaluatorConfig.parse(config));
    expect(evaluatorNames(evaluators)).toEqual(["contains", "contains 2", "looked up"]);
    expect((await evaluateRow(evaluators, row(), noJudge)).pass).toBe(true);
    expect((await evaluateRow(evaluators, row({ status: "failed" }), noJudge)).pass).toBe(false);
    expect((await evaluateRow(evaluators, row({ output: "Bergen" }), noJudge)).pass).toBe(false);
  });

  it("refuses an unknown kind naming it", () => {
    const parsed = EvaluatorConfig.safeParse({ kind: "vibes" });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0].path).toEqual(["kind"]);
  });

  it("fills {{input}} and {{expected.x}} placeholders from the row", () => {
    expect(fillRow("{{input.city}} / {{ expected.output }} / {{input}}", row())).toBe(
      'Oslo / Oslo: 4°C / {"city":"Oslo"}',
    );
  });
});
