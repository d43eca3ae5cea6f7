/**
 * Evaluations end to end through the real API and the real engine: a scripted agent that calls a real tool (a Code
 * node) over a 20-row dataset (made by JSON and by CSV import), scored by output, tool-call assertions read from the
 * gateway's records and an LLM judge on the agents' own provider code against a real HTTP server speaking the
 * OpenAI API; then a changed version of the tool, evaluated as the draft, and the comparison naming the rows that
 * changed. The rows' runs are ordinary runs marked as the evaluation's.
 */
import { execFile } from "node:child_process";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { flushMetrics } from "../metrics/metrics";
import { scrapeMetrics } from "../testing/prometheus-scrape";
import { putSecret } from "../secrets/secret-store";
import { startFakeChatCompletions, type ReceivedRequest } from "../testing/fake-chat-completions";
import { graphEdge, graphNode } from "../testing/fixtures";
import { startTestStack, type TestStack } from "../testing/test-stack";
import { waitFor } from "../testing/wait-for";

let stack: TestStack;
let judge: Awaited<ReturnType<typeof startFakeChatCompletions>>;
let workflowId = "";

const TEMPS: Record<string, number> = {
  Oslo: 4,
  Bergen: 9,
  Paris: 12,
  Rome: 18,
  Madrid: 20,
  Berlin: 7,
  London: 10,
  Dublin: 8,
  Vienna: 6,
  Prague: 5,
  Lisbon: 19,
  Athens: 22,
  Helsinki: 1,
  Stockholm: 3,
  Copenhagen: 5,
  Reykjavik: -2,
  Warsaw: 2,
  Budapest: 9,
  Brussels: 9,
  Zurich: 4,
};
const CITIES = Object.keys(TEMPS);

/** Version 1's tool knows every city but Zurich; the change adds Zurich but reports B-cities one degree too warm. */
const V1_TABLE = JSON.stringify(
  Object.fromEntries(CITIES.filter((city) => city !== "Zurich").map((c) => [c, TEMPS[c]])),
);
const V1_CODE = `const t = ${V1_TABLE}; return input in t ? input + ": " + t[input] + "°C" : input + ": unknown";`;
const V2_CODE =
  `const t = ${JSON.stringify(TEMPS)}; if (input.startsWith("B")) t[input] += 1; ` +
  `return input + ": " + t[input] + "°C";`;

const graph = (code: string) => ({
  nodes: [
    graphNode("entry", "core.entry"),
    graphNode("agent", "core.agent", {
      params: {
        provider: "scripted",
        script: { toolCalls: [{ tool: "weather", args: { input: "{{input}}" } }], finalText: "{{results.0}}" },
      },
    }),
    graphNode("weather", "core.code", { label: "Weather", mode: "tool", params: { code } }),
    graphNode("out", "core.output", { label: "Answer", params: { value: "{{agent.text}}" } }),
  ],
  edges: [graphEdge("entry", "output", "agent", "input"), graphEdge("weather", "tool", "agent", "tools")],
});

/** The judge frowns on a negative temperature reported without a warning; anything else is fine. */
function grade(body: ReceivedRequest["body"]) {
  const prompt = JSON.stringify(body.messages);
  const answer = /-\d+°C/.test(prompt)
    ? { score: 0.3, reason: "A temperature below zero is reported without a warning" }
    : { score: 0.9, reason: "A clear, complete answer" };
  return { text: JSON.stringify(answer) };
}

const evaluators = [
  { kind: "contains", name: "temperature", value: "{{expected.temp}}" },
  { kind: "toolCalled", tool: "weather" },
  { kind: "toolNotCalled", tool: "http_request" },
  { kind: "toolArgs", tool: "weather", argument: "input", pattern: "^{{expected.city}}$" },
  { kind: "maxToolCalls", max: 1 },
  { kind: "maxLatency", ms: 60_000 },
  { kind: "llmJudge", name: "judge", rubric: "Warns about frost", passAt: 0.5, model: {} as Record<string, unknown> },
];

async function api(method: string, path: string, body?: unknown) {
  const response = await stack.fetch(path, { method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  return { status: response.status, body: response.status === 204 ? null : await response.json() };
}

type Result = {
  position: number;
  pass: boolean;
  runId: string;
  scores: { name: string; pass: boolean; reason: string }[];
};
type Evaluation = {
  id: string;
  status: string;
  version: number | null;
  summary: Record<string, unknown>;
  results: Result[];
};

async function evaluate(workflowId: string, version: "published" | "draft"): Promise<Evaluation> {
  const started = await api("POST", `/api/workflows/${workflowId}/evaluations`, {
    dataset: "cities",
    version,
    evaluators,
    concurrency: 5,
  });
  expect(started.status).toBe(201);
  return waitFor(
    `evaluation ${started.body.id} to end`,
    async () => {
      const read = await api("GET", `/api/workflows/${workflowId}/evaluations/${started.body.id}`);
      return read.body.status === "completed" || read.body.status === "failed" ? (read.body as Evaluation) : undefined;
    },
    120_000,
    250,
  );
}

const failedRows = (evaluation: Evaluation) => evaluation.results.filter((r) => !r.pass).map((r) => r.position);
const reasonOf = (evaluation: Evaluation, position: number, name: string) =>
  evaluation.results.find((r) => r.position === position)!.scores.find((s) => s.name === name)!.reason;

beforeAll(async () => {
  stack = await startTestStack();
  await putSecret("EVAL_JUDGE_KEY", "sk-judge-test");
  judge = await startFakeChatCompletions(grade);
  evaluators[6].model = {
    provider: "openai-compatible",
    baseUrl: judge.baseUrl,
    model: "judge-1",
    apiKey: { $secret: "EVAL_JUDGE_KEY" },
  };
});
afterAll(async () => {
  judge?.close();
  await stack?.close();
});

describe("an evaluation", () => {
  it("scores a scripted agent over 20 rows, and a changed version's comparison names the rows that changed", async () => {
    const created = await api("POST", "/api/workflows", { name: "Weather eval", publish: true, ...graph(V1_CODE) });
    expect(created.status).toBe(201);
    workflowId = created.body.id as string;
    // London's expectation is wrong on purpose (11°C): that row fails in every version.
    const row = (city: string) => ({
      input: city,
      expectations: { city, temp: `${city === "London" ? 11 : TEMPS[city]}°C` },
    });
    const dataset = await api("POST", `/api/workflows/${workflowId}/datasets`, {
      name: "cities",
      rows: CITIES.slice(0, 10).map(row),
    });
    expect(dataset.status).toBe(201);
    const csv = ["input,expected.city,expected.temp", ...CITIES.slice(10).map((c) => `${c},${c},${TEMPS[c]}°C`)];
    const imported = await api("POST", `/api/workflows/${workflowId}/datasets/cities/rows`, {
      format: "csv",
      text: csv.join("\n"),
    });
    expect(imported).toEqual({ status: 201, body: { added: 10, rowCount: 20 } });

    const first = await evaluate(workflowId, "published");
    expect(first).toMatchObject({ status: "completed", version: 1 });
    // London (7): expected 11°C; Reykjavik (16): the judge; Zurich (20): version 1's tool does not know it.
    expect(failedRows(first)).toEqual([7, 16, 20]);
    expect(first.summary).toMatchObject({ rows: 20, passed: 17, failed: 3, passRate: 0.85, runsNotCompleted: 0 });
    expect(first.summary.evaluators).toEqual([
      { name: "temperature", kind: "contains", passed: 18, meanScore: 0.9 },
      { name: "toolCalled", kind: "toolCalled", passed: 20, meanScore: 1 },
      { name: "toolNotCalled", kind: "toolNotCalled", passed: 20, meanScore: 1 },
      { name: "toolArgs", kind: "toolArgs", passed: 20, meanScore: 1 },
      { name: "maxToolCalls", kind: "maxToolCalls", passed: 20, meanScore: 1 },
      { name: "maxLatency", kind: "maxLatency", passed: 20, meanScore: 1 },
      { name: "judge", kind: "llmJudge", passed: 19, meanScore: expect.closeTo((19 * 0.9 + 0.3) / 20, 10) },
    ]);
    expect(reasonOf(first, 16, "judge")).toBe("A temperature below zero is reported without a warning");
    expect(reasonOf(first, 1, "toolArgs")).toBe("weather was called with its argument input matching /^Oslo$/");
    expect(reasonOf(first, 20, "temperature")).toMatch(/does not contain "4°C"/);

    // The judge was asked once a row, with the key from the secret and the answer's schema.
    expect(judge.received).toHaveLength(20);
    expect(judge.received[0].authorization).toBe("Bearer sk-judge-test");
    expect(judge.received[0].body.response_format?.type).toBe("json_schema");

    // Each row's run is an ordinary run of version 1, marked as this evaluation's, with its tool call recorded.
    const runs = await getDb().run.findMany({ where: { id: { in: first.results.map((r) => r.runId) } } });
    expect(runs).toHaveLength(20);
    for (const run of runs) {
      expect(run).toMatchObject({
        status: "completed",
        version: 1,
        trigger: { kind: "evaluation", evaluationId: first.id },
      });
    }
    const history = await api("GET", `/api/workflows/${workflowId}/runs?limit=100`);
    expect(history.body.runs.filter((r: { triggerKind: string }) => r.triggerKind === "evaluation")).toHaveLength(20);

    // The change: the tool now knows Zurich, but reports B-cities a degree too warm. Evaluated as the draft.
    const saved = await api("PUT", `/api/workflows/${workflowId}`, { name: "Weather eval", graph: graph(V2_CODE) });
    expect(saved.status).toBe(200);
    const second = await evaluate(workflowId, "draft");
    expect(second).toMatchObject({ status: "completed", version: null });
    expect(failedRows(second)).toEqual([2, 6, 7, 16, 18, 19]);
    expect(second.summary).toMatchObject({ passed: 14, passRate: 0.7 });

    const compared = await api("GET", `/api/workflows/${workflowId}/evaluations/${first.id}/compare?with=${second.id}`);
    expect(compared.status).toBe(200);
    expect(compared.body.changes).toEqual({ fixed: 1, broken: 4, same: 15, added: 0, removed: 0 });
    const changed = compared.body.rows.filter((r: { change: string }) => r.change !== "same");
    expect(changed.map((r: { position: number; change: string }) => [r.position, r.change])).toEqual([
      [2, "broken"],
      [6, "broken"],
      [18, "broken"],
      [19, "broken"],
      [20, "fixed"],
    ]);
    expect(changed[0].scoreChanges).toEqual([
      {
        name: "temperature",
        before: expect.objectContaining({ pass: true }),
        after: expect.objectContaining({
          pass: false,
          reason: 'The output "{\\"result\\":\\"Bergen: 10°C\\"}" does not contain "9°C"',
        }),
      },
    ]);
    // Kept out of the production figures: started as "evaluation", never counted as finished runs or model tokens.
    await flushMetrics();
    const metrics = await scrapeMetrics(stack);
    expect(metrics.value("switchboard_runs_started_total", { workflow_id: workflowId, trigger: "evaluation" })).toBe(
      40,
    );
    expect(metrics.value("switchboard_runs_finished_total", { workflow_id: workflowId })).toBe(0);
    expect(metrics.value("switchboard_model_tokens_total", { workflow_id: workflowId })).toBe(0);
    expect(compared.body.before.summary.passRate).toBe(0.85);
    expect(compared.body.after.summary.passRate).toBe(0.7);
  }, 240_000);

  it("runs from the command line, exiting 1 below the threshold and 0 at or above it", async () => {
    expect(workflowId).not.toBe("");
    const apiKey = stack.headers.authorization.replace(/^Bearer /, "");
    const file = path.join(await mkdtemp(path.join(tmpdir(), "eval-cli-")), "evaluators.json");
    await writeFile(file, JSON.stringify(evaluators));
    const cli = (...args: string[]) =>
      new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
        const tsx = path.join(process.cwd(), "node_modules/.bin/tsx");
        const base = ["workers/eval.ts", "--url", stack.url, "--api-key", apiKey, "--workflow", workflowId];
        execFile(tsx, [...base, "--dataset", "cities", ...args], { timeout: 120_000 }, (error, stdout, stderr) =>
          resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
        );
      });

    // The draft (the changed tool) passes 70%.
    const below = await cli("--version", "draft", "--threshold", "0.8", "--evaluators", file);
    expect(below.stdout).toContain("passed 14/20 (70.0%), BELOW the threshold 80.0%");
    expect(below.stdout).toMatch(/^2 +FAIL +temperature: The output .*Bergen: 10°C/m);
    expect(below.code).toBe(1);
    // Version 1 passes 85%, with the evaluators of the latest evaluation of the dataset.
    const above = await cli("--version", "1", "--threshold", "0.8");
    expect(above.stdout).toContain("passed 17/20 (85.0%), at or above the threshold 80.0%");
    expect(above.code).toBe(0);
    // Asked for a version that was never published, it does not run at all.
    const missing = await cli("--version", "7");
    expect(missing).toMatchObject({ code: 2, stderr: expect.stringContaining("has no published version 7") });
  }, 240_000);
});
