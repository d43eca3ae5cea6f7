/**
 * Variables through the real routes, database and worker: a published version reads {{vars.NAME}} live (a changed
 * value is used by the next run without publishing again); a workflow's own variable wins over the instance's; a
 * variable that does not exist fails the node naming it; bad names and a key outside its workflows are refused;
 * deleting a workflow deletes its own variables.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { graphNode } from "../testing/fixtures";
import { startTestStack, type TestStack } from "../testing/test-stack";
import { waitForRun } from "../testing/wait-for-run";
import { listVariables } from "./variables";

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(() => stack.close());

async function call(method: string, path: string, body?: unknown) {
  const response = await stack.fetch(path, { method, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: response.status, body: (await response.json().catch(() => null)) as Record<string, unknown> };
}

/** An Output whose value is the template alone (a wire into it would win over the param). */
const greeting = (template: string) => ({
  nodes: [
    graphNode("entry", "core.entry"),
    graphNode("out", "core.output", { label: "Out", params: { value: template } }),
  ],
  edges: [],
});

async function runOnce(workflowId: string) {
  const started = await call("POST", `/api/workflows/${workflowId}/runs`, {});
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  return waitForRun(stack, String(started.body.runId));
}

describe("variables", () => {
  it("are read live by a published version, and a workflow's own wins over the instance's", async () => {
    expect((await call("PUT", "/api/variables/GREETING", { value: "hello" })).status).toBe(200);
    const created = await call("POST", "/api/workflows", {
      name: "greets",
      publish: true,
      ...greeting("{{vars.GREETING}}, {{vars.AUDIENCE}}"),
    });
    const id = String(created.body.id);
    await call("PUT", "/api/variables/AUDIENCE", { value: "world" });
    expect((await runOnce(id)).output).toBe("hello, world");

    await call("PUT", "/api/variables/GREETING", { value: "good morning" });
    await call("PUT", `/api/variables/AUDIENCE?workflowId=${id}`, { value: "team" });
    expect((await runOnce(id)).output).toBe("good morning, team");

    const listed = await call("GET", "/api/variables");
    expect(listed.body.variables).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: "AUDIENCE", value: "world", workflowId: null }),
        expect.objectContaining({ name: "AUDIENCE", value: "team", workflowId: id }),
      ]),
    );
  });

  it("fails the node that reads a variable nobody set, naming it", async () => {
    const created = await call("POST", "/api/workflows", {
      name: "missing",
      publish: true,
      ...greeting("{{vars.NOPE}}"),
    });
    const run = await runOnce(String(created.body.id));
    expect(run).toMatchObject({ status: "failed", error: expect.stringContaining("there is no variable NOPE") });
  });

  it("refuses a bad name, a missing workflow and a {{vars}} that names no variable", async () => {
    expect(await call("PUT", "/api/variables/9lives", { value: "x" })).toMatchObject({
      status: 400,
      body: { error: expect.stringMatching(/^name: letters, digits/) },
    });
    expect((await call("PUT", "/api/variables/OK?workflowId=no-such-workflow", { value: "x" })).status).toBe(404);
    expect((await call("PUT", "/api/variables/OK", { value: 42 })).status).toBe(400);
    const compiled = await call("POST", "/api/workflows", { name: "bare", ...greeting("{{vars}}") });
    expect(compiled).toMatchObject({ status: 400, body: { error: expect.stringContaining("name one variable") } });
  });

  it("goes with its workflow when the workflow is deleted", async () => {
    const { deleteWorkflow, createWorkflow } = await import("../workflow-store/repository");
    const { id } = await createWorkflow("short-lived");
    await call("PUT", `/api/variables/OWN?workflowId=${id}`, { value: "mine" });
    expect((await listVariables()).some((variable) => variable.scope === id)).toBe(true);
    await deleteWorkflow(id);
    expect((await listVariables()).some((variable) => variable.scope === id)).toBe(false);
  });
});
