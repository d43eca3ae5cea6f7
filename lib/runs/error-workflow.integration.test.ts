/**
 * The error workflow through the real path: a workflow whose `settings.errorWorkflowId` names another
 * starts it once when a run fails, with { runId, workflowId, workflowName, nodeId, error, url } as
 * its input (trigger "error"); a run of an error workflow that fails starts none, even its own.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { asJson } from "../db/json";
import { publishWorkflow } from "../workflow-store/versions";
import { graphEdge, graphNode } from "../testing/fixtures";
import { waitFor } from "../testing/wait-for";
import { waitForRun } from "../testing/wait-for-run";
import { startTestStack, type TestStack } from "../testing/test-stack";
import type { WorkflowGraph } from "../workflow/graph";

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(() => stack.close());

async function post(path: string, body: unknown): Promise<Record<string, unknown>> {
  const response = await stack.fetch(path, { method: "POST", body: JSON.stringify(body) });
  const json = await response.json();
  if (response.status !== 201) throw new Error(`POST ${path} answered ${response.status}: ${JSON.stringify(json)}`);
  return json;
}
const saveWorkflow = async (name: string, graph: WorkflowGraph) =>
  (await post("/api/workflows", { name, publish: true, ...graph })).id as string;
const startRun = async (workflowId: string) =>
  (await post(`/api/workflows/${workflowId}/runs`, { input: "go" })).runId as string;
const runsOf = (workflowId: string) => getDb().run.findMany({ where: { workflowId }, orderBy: { createdAt: "asc" } });

/** A workflow whose one Code node throws. */
const failing = (settings?: WorkflowGraph["settings"]): WorkflowGraph => ({
  nodes: [
    graphNode("entry", "core.entry"),
    graphNode("boom", "core.code", { label: "Boom", params: { code: "throw new Error('exploded on purpose')" } }),
  ],
  edges: [graphEdge("entry", "output", "boom", "input")],
  ...(settings ? { settings } : {}),
});

/** An error workflow that hands its input on as its output. */
const reporter: WorkflowGraph = {
  nodes: [graphNode("entry", "core.entry"), graphNode("report", "core.output", { label: "Report" })],
  edges: [graphEdge("entry", "output", "report", "value")],
};

describe("error workflow", () => {
  it("starts once when a run fails, with the run, workflow, node, error and a link", async () => {
    const handlerId = await saveWorkflow("On-call alert", reporter);
    const workflowId = await saveWorkflow("Nightly import", failing({ errorWorkflowId: handlerId }));
    const runId = await startRun(workflowId);
    expect(await waitForRun(stack, runId)).toMatchObject({ status: "failed" });

    const [handled] = await waitFor(
      "the error workflow's run",
      async () => ((await runsOf(handlerId)).length > 0 ? runsOf(handlerId) : undefined),
      15_000,
    );
    const result = await waitForRun(stack, handled.id);
    const expected = {
      runId,
      workflowId,
      workflowName: "Nightly import",
      nodeId: "boom",
      error: expect.stringContaining("exploded on purpose"),
      url: `${process.env.SWITCHBOARD_URL}/runs/${runId}`,
    };
    expect(result).toMatchObject({ status: "completed", output: expected });
    // Acting for the failed run's person (or its workflow's owner): whose access its Workflow Tools are checked with.
    expect(handled.trigger).toEqual({ kind: "error", actingFor: expect.any(String) });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await runsOf(handlerId)).toHaveLength(1);
  });

  it("does not start for a run that succeeds", async () => {
    const handlerId = await saveWorkflow("Unused alert", reporter);
    const workflowId = await saveWorkflow("Fine", { ...reporter, settings: { errorWorkflowId: handlerId } });
    expect(await waitForRun(stack, await startRun(workflowId))).toMatchObject({ status: "completed" });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await runsOf(handlerId)).toHaveLength(0);
  });

  it("never starts for its own failure: an error workflow that fails and names itself runs once", async () => {
    const loopId = await saveWorkflow("Broken alert", failing());
    await getDb().workflow.update({
      where: { id: loopId },
      data: { graph: asJson(failing({ errorWorkflowId: loopId })) },
    });
    await publishWorkflow(loopId, "names itself", null);
    const workflowId = await saveWorkflow("Import", failing({ errorWorkflowId: loopId }));
    expect(await waitForRun(stack, await startRun(workflowId))).toMatchObject({ status: "failed" });
    const [handled] = await waitFor(
      "the error workflow's run",
      async () => ((await runsOf(loopId)).length > 0 ? runsOf(loopId) : undefined),
      15_000,
    );
    expect(await waitForRun(stack, handled.id)).toMatchObject({ status: "failed" });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await runsOf(loopId)).toHaveLength(1);
  });
});
