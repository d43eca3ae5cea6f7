/**
 * A workflow whose Entry has input fields: the API checks a run's input against them, naming the field, and fills
 * defaults.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { graphEdge, graphNode } from "../testing/fixtures";
import { startTestStack, type TestStack } from "../testing/test-stack";
import { waitForRun } from "../testing/wait-for-run";

let stack: TestStack;
let workflowId = "";
beforeAll(async () => {
  stack = await startTestStack();
  const response = await stack.fetch("/api/workflows", {
    method: "POST",
    body: JSON.stringify({
      name: "forecast",
      publish: true,
      nodes: [
        graphNode("entry", "core.entry", {
          params: {
            inputFields: [
              { name: "city", type: "string", required: true, description: "Where" },
              { name: "days", type: "number", default: 3 },
            ],
          },
        }),
        graphNode("out", "core.output", { label: "Out" }),
      ],
      edges: [graphEdge("entry", "output", "out", "value")],
    }),
  });
  workflowId = ((await response.json()) as { id: string }).id;
});
afterAll(() => stack.close());

const start = (input: unknown) =>
  stack.fetch(`/api/workflows/${workflowId}/runs`, { method: "POST", body: JSON.stringify({ input }) });

it("runs with input that fits, defaults filled in", async () => {
  const response = await start({ city: "Oslo" });
  expect(response.status).toBe(201);
  const { runId } = (await response.json()) as { runId: string };
  expect(await waitForRun(stack, runId)).toMatchObject({ status: "completed", output: { city: "Oslo", days: 3 } });
});

it("refuses input that does not fit with a 400 naming each field, and starts nothing", async () => {
  const response = await start({ days: "three", colour: "red" });
  expect(response.status).toBe(400);
  const body = (await response.json()) as { error: string; errors: { field: string; message: string }[] };
  expect(body.errors.map((error) => error.field).sort()).toEqual(["input.city", "input.colour", "input.days"]);
  expect(body.errors.find((error) => error.field === "input.city")?.message).toBe("input.city is required (Where)");
  const runs = (await (await stack.fetch(`/api/workflows/${workflowId}/runs`)).json()) as { runs: unknown[] };
  expect(runs.runs).toHaveLength(1); // only the run of the test before
});

it("refuses input fields that are themselves wrong at compile time, on the Entry", async () => {
  const response = await stack.fetch("/api/workflows", {
    method: "POST",
    body: JSON.stringify({
      name: "bad fields",
      nodes: [graphNode("entry", "core.entry", { params: { inputFields: [{ name: "a" }, { name: "a" }] } })],
      edges: [],
    }),
  });
  expect(response.status).toBe(400);
  expect(((await response.json()) as { errors: unknown[] }).errors).toEqual([
    expect.objectContaining({
      nodeId: "entry",
      field: "inputFields",
      message: expect.stringContaining('"a" is used twice'),
    }),
  ]);
});
