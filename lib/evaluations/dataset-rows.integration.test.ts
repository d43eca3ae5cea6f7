/**
 * A dataset edited row by row through the real API (a row changed, a row deleted and the rest renumbered, wrong
 * input named), an evaluation of a published version that is no longer the live one (its rows run that version), and
 * a dataset renamed under its evaluations: they follow it, and the new name starts and compares evaluations.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { graphEdge, graphNode } from "../testing/fixtures";
import { startTestStack, type TestStack } from "../testing/test-stack";
import { waitFor } from "../testing/wait-for";

let stack: TestStack;
let workflowId = "";

const graph = (suffix: string) => ({
  nodes: [
    graphNode("entry", "core.entry"),
    graphNode("code", "core.code", { params: { code: `return String(input).toUpperCase() + "${suffix}";` } }),
    graphNode("out", "core.output", { params: { value: "{{code.result}}" } }),
  ],
  edges: [graphEdge("entry", "output", "code", "input"), graphEdge("code", "result", "out", "value")],
});

async function api(method: string, path: string, body?: unknown) {
  const response = await stack.fetch(path, { method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  return { status: response.status, body: response.status === 204 ? null : await response.json() };
}

const datasetPath = () => `/api/workflows/${workflowId}/datasets/words`;
type Row = { id: string; position: number; input: unknown; expectations: Record<string, unknown> };

const evaluationPath = (id: string) => `/api/workflows/${workflowId}/evaluations/${id}`;

/** The evaluation once it has completed. */
const finished = (evaluationId: string) =>
  waitFor(
    "the evaluation to end",
    async () => {
      const read = await api("GET", evaluationPath(evaluationId));
      return read.body.status === "completed" ? read.body : undefined;
    },
    60_000,
    250,
  );

beforeAll(async () => {
  stack = await startTestStack();
  const created = await api("POST", "/api/workflows", { name: "Shout", publish: true, ...graph("!") });
  expect(created.status).toBe(201);
  workflowId = created.body.id;
  const rows = ["ab", "cd", "ef"].map((word) => ({ input: word, expectations: { output: `${word.toUpperCase()}!` } }));
  expect((await api("POST", `/api/workflows/${workflowId}/datasets`, { name: "words", rows })).status).toBe(201);
});
afterAll(async () => {
  await stack?.close();
});

describe("a dataset's rows", () => {
  it("are changed and deleted one at a time, the rest renumbered", async () => {
    const before: Row[] = (await api("GET", datasetPath())).body.rows;
    const changed = await api("PUT", `${datasetPath()}/rows/${before[2].id}`, {
      input: "gh",
      expectations: { output: "GH!", tone: "loud" },
    });
    expect(changed).toEqual({
      status: 200,
      body: { id: before[2].id, position: 3, input: "gh", expectations: { output: "GH!", tone: "loud" } },
    });
    expect((await api("DELETE", `${datasetPath()}/rows/${before[0].id}`)).status).toBe(204);
    const after: Row[] = (await api("GET", datasetPath())).body.rows;
    expect(after.map((row) => [row.position, row.input])).toEqual([
      [1, "cd"],
      [2, "gh"],
    ]);
    expect((await api("GET", datasetPath())).body.rowCount).toBe(2);
  });

  it("names what is wrong: a bad body, a row that is not there", async () => {
    const rowId = (await api("GET", datasetPath())).body.rows[0].id;
    const bad = await api("PUT", `${datasetPath()}/rows/${rowId}`, { input: "x", expectations: "loud" });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/^expectations: /);
    const gone = await api("DELETE", `${datasetPath()}/rows/no-such-row`);
    expect(gone).toEqual({
      status: 404,
      body: expect.objectContaining({ error: 'Dataset "words" has no row no-such-row' }),
    });
    expect((await api("PUT", `/api/workflows/${workflowId}/datasets/nope/rows/${rowId}`, { input: 1 })).status).toBe(
      404,
    );
  });
});

describe("an evaluation of a published version by number", () => {
  it("runs that version though another is live now, and refuses a version that does not exist", async () => {
    expect((await api("PUT", `/api/workflows/${workflowId}`, { name: "Shout", graph: graph("?") })).status).toBe(200);
    expect((await api("POST", `/api/workflows/${workflowId}/publish`, { note: "asks" })).status).toBe(201);
    const evaluators = [{ kind: "exact" }];
    const started = await api("POST", `/api/workflows/${workflowId}/evaluations`, {
      dataset: "words",
      version: 1,
      evaluators,
    });
    expect(started).toMatchObject({ status: 201, body: { version: 1, source: "published" } });
    const ended = await finished(started.body.id);
    // Version 1 shouts, version 2 (live now) asks.
    expect(ended.results.map((result: { output: unknown }) => result.output)).toEqual(["CD!", "GH!"]);
    expect(ended.summary).toMatchObject({ rows: 2, passed: 2 });
    const runs = await getDb().run.findMany({
      where: { id: { in: ended.results.map((r: { runId: string }) => r.runId) } },
    });
    expect(runs.map((run) => run.version)).toEqual([1, 1]);

    const missing = await api("POST", `/api/workflows/${workflowId}/evaluations`, {
      dataset: "words",
      version: 9,
      evaluators,
    });
    expect(missing).toEqual({
      status: 400,
      body: expect.objectContaining({ error: `version: workflow ${workflowId} has no published version 9` }),
    });
  }, 90_000);
});

describe("a renamed dataset", () => {
  it("keeps its evaluations, which show the new name, and starts new ones by it; the old name is gone", async () => {
    const evaluators = [{ kind: "exact" }];
    const before = await api("POST", `/api/workflows/${workflowId}/evaluations`, { dataset: "words", evaluators });
    expect(before.status).toBe(201);
    await finished(before.body.id);
    const datasetId = (await api("GET", datasetPath())).body.id;

    const renamed = await api("PATCH", datasetPath(), { name: " shouted words " });
    expect(renamed).toMatchObject({ status: 200, body: { id: datasetId, name: "shouted words", rowCount: 2 } });
    expect((await api("GET", datasetPath())).status).toBe(404);
    expect((await api("GET", evaluationPath(before.body.id))).body).toMatchObject({
      datasetId,
      datasetName: "shouted words",
      summary: { rows: 2 },
    });

    const after = await api("POST", `/api/workflows/${workflowId}/evaluations`, {
      dataset: "shouted words",
      evaluators,
    });
    expect(after.status).toBe(201);
    await finished(after.body.id);
    const compared = await api("GET", `${evaluationPath(before.body.id)}/compare?with=${after.body.id}`);
    expect(compared.status).toBe(200);
    expect(compared.body.rows).toHaveLength(2);
    const listed = (await api("GET", `/api/workflows/${workflowId}/evaluations`)).body.evaluations;
    expect(listed.filter((e: { datasetName: string }) => e.datasetName === "shouted words")).toHaveLength(3);
  }, 90_000);

  it("names what is wrong: a taken name, a slash, an empty body, a dataset that is not there", async () => {
    const renamedPath = `/api/workflows/${workflowId}/datasets/${encodeURIComponent("shouted words")}`;
    expect((await api("POST", `/api/workflows/${workflowId}/datasets`, { name: "other" })).status).toBe(201);
    expect(await api("PATCH", renamedPath, { name: "other" })).toEqual({
      status: 409,
      body: expect.objectContaining({ error: `Workflow ${workflowId} already has a dataset named "other"` }),
    });
    const slash = await api("PATCH", renamedPath, { name: "a/b" });
    expect(slash).toEqual({ status: 400, body: expect.objectContaining({ error: "name: may not hold a slash" }) });
    const empty = await api("PATCH", renamedPath, {});
    expect(empty).toEqual({
      status: 400,
      body: expect.objectContaining({ error: "body: give a name or a description" }),
    });
    expect((await api("PATCH", `/api/workflows/${workflowId}/datasets/nope`, { name: "x" })).status).toBe(404);
    const described = await api("PATCH", renamedPath, { description: "Shouted back" });
    expect(described).toMatchObject({ status: 200, body: { name: "shouted words", description: "Shouted back" } });
  });
});
