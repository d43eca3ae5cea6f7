/**
 * Durable agents, with real worker processes, PostgreSQL, Redis, a real HTTP server counting the
 * calls that reach it and a fake OpenAI server answering by step: an agent whose worker is killed
 * (SIGKILL) during its second tool call goes on from its recorded steps on another worker — no
 * model step asked twice, the completed POST not sent again, the cut-off call sent again only when
 * its tool is harmless to repeat — and a Workflow Tool call cut off the same way re-attaches to the
 * child run it started instead of starting a second one.
 */
import { describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { sql } from "../db/sql";
import { putSecret } from "../secrets/secret-store";
import { startFakeChatCompletions, stepOf, type ReceivedRequest } from "../testing/fake-chat-completions";
import { graphEdge, graphNode } from "../testing/fixtures";
import { crashRig } from "../testing/crash-rig";
import { waitFor } from "../testing/wait-for";
import type { WorkflowGraph, WorkflowNode } from "../workflow/graph";
import { createWorkflow } from "../workflow-store/repository";
import { publishWorkflow } from "../workflow-store/versions";
import { listEvents } from "./read-events";

const rig = crashRig(async () => {
  await putSecret("DURABLE_LLM_KEY", "sk-durable-1");
});
const worker = rig.worker;

const start = (graph: WorkflowGraph, name = "durable agent") => rig.startGraph(graph, "go", name);

const runOf = (runId: string) => getDb().run.findUniqueOrThrow({ where: { id: runId } });
const waitForEnd = (runId: string, timeoutMs = 45_000) =>
  waitFor(
    `run ${runId} to end`,
    async () => {
      const run = await runOf(runId);
      return ["completed", "failed", "cancelled"].includes(run.status) ? run : undefined;
    },
    timeoutMs,
    200,
  );

/** How many requests the model server saw for each step of the conversation. */
function requestsPerStep(received: ReceivedRequest[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const request of received) counts[stepOf(request.body)] = (counts[stepOf(request.body)] ?? 0) + 1;
  return counts;
}

/** The tool results the model was handed in a request, as text. */
const toolResults = (request: ReceivedRequest) =>
  request.body.messages.filter((message) => message.role === "tool").map((message) => String(message.content));

const agentNode = (baseUrl: string): WorkflowNode =>
  graphNode("agent", "core.agent", {
    label: "Agent",
    params: { provider: "openai-compatible", baseUrl, model: "gpt-test", apiKey: { $secret: "DURABLE_LLM_KEY" } },
  });

describe("an agent whose worker is killed during its second tool call", () => {
  it.each([
    { slowMethod: "GET", slowCalls: 2, slowResult: "hit GET /slow" }, // harmless to repeat: sent again
    { slowMethod: "POST", slowCalls: 1, slowResult: "may or may not have run" }, // not: the model is told
  ])(
    "goes on from its recorded steps (slow tool: $slowMethod)",
    async ({ slowMethod, slowCalls, slowResult }) => {
      const tag = `durable-${slowMethod.toLowerCase()}`;
      const postUrl = `${rig.server.url}/fast?n=${tag}-post`;
      const slowUrl = `${rig.server.url}/slow?ms=4000&n=${tag}-slow`;
      const llm = await startFakeChatCompletions(
        [
          { toolCall: { name: "record", arguments: { url: postUrl } } },
          { toolCall: { name: "wait_a_bit", arguments: { url: slowUrl } } },
          { text: "Recorded, then waited." },
        ],
        { byStep: true },
      );
      try {
        const first = await worker("w1");
        const runId = await start({
          nodes: [
            graphNode("entry", "core.entry"),
            agentNode(llm.baseUrl),
            graphNode("record", "core.http.request", {
              label: "record",
              mode: "tool",
              params: { method: "POST", url: postUrl },
            }),
            graphNode("slow", "core.http.request", {
              label: "wait a bit",
              mode: "tool",
              params: { method: slowMethod, url: slowUrl },
            }),
          ],
          edges: [
            graphEdge("entry", "output", "agent", "input"),
            graphEdge("record", "tool", "agent", "tools"),
            graphEdge("slow", "tool", "agent", "tools"),
          ],
        });
        await waitFor(
          "the second tool call",
          () => (rig.server.hits(`${slowMethod} /slow?${tag}-slow`) > 0 ? true : undefined),
          20_000,
        );
        await first.kill("SIGKILL");
        await worker("w2");

        const run = await waitForEnd(runId);
        expect(run.status, run.error ?? "").toBe("completed");
        expect(run.output).toMatchObject({ text: "Recorded, then waited.", iterations: 3 });
        expect(rig.server.hits(`POST /fast?${tag}-post`)).toBe(1); // completed before the crash: not sent again
        expect(rig.server.hits(`${slowMethod} /slow?${tag}-slow`)).toBe(slowCalls);
        expect(requestsPerStep(llm.received)).toEqual({ 0: 1, 1: 1, 2: 1 }); // no model step asked twice
        const [postResult, slowCallResult] = toolResults(llm.received.at(-1)!);
        expect(postResult).toContain(`hit POST /fast?${tag}-post`); // the recorded result, handed back
        expect(slowCallResult).toContain(slowResult);

        const events = await listEvents(runId);
        expect(events.map((event) => event.seq)).toEqual(events.map((_, index) => index + 1));
        expect(events.find((event) => event.type === "run.resumed")?.payload).toMatchObject({
          retriedNodeIds: ["agent"],
          afterCrash: true,
        });
        const steps = events.filter((event) => event.type === "agent.step").map((event) => event.payload.iteration);
        expect(steps).toEqual([1, 2, 3]);
        expect((run.output as { toolCalls: { toolName: string }[] }).toolCalls.map((call) => call.toolName)).toEqual([
          "record",
          "wait_a_bit",
        ]);
      } finally {
        llm.close();
      }
    },
    90_000,
  );
});

describe("a Workflow Tool call whose worker is killed while its child runs", () => {
  it("re-attaches to the child run it started: exactly one child run exists", async () => {
    const childUrl = `${rig.server.url}/slow?ms=4000&n=durable-child`;
    const { id: childWorkflowId } = await createWorkflow("durable child", {
      nodes: [
        graphNode("entry", "core.entry"),
        graphNode("fetch", "core.http.request", { label: "fetch", params: { url: childUrl } }),
      ],
      edges: [graphEdge("entry", "output", "fetch", "body")],
    });
    await publishWorkflow(childWorkflowId, "the child a Workflow Tool runs", null);
    const llm = await startFakeChatCompletions(
      [{ toolCall: { name: "child_flow", arguments: { input: "x" } } }, { text: "The child answered." }],
      { byStep: true },
    );
    try {
      const first = await worker("w1");
      const runId = await start({
        nodes: [
          graphNode("entry", "core.entry"),
          agentNode(llm.baseUrl),
          graphNode("child", "core.workflow.tool", {
            label: "child flow",
            mode: "tool",
            params: { workflowId: childWorkflowId },
          }),
        ],
        edges: [graphEdge("entry", "output", "agent", "input"), graphEdge("child", "tool", "agent", "tools")],
      });
      await waitFor(
        "the child's slow node",
        () => (rig.server.hits("GET /slow?durable-child") > 0 ? true : undefined),
        20_000,
      );
      await first.kill("SIGKILL");
      await worker("w2");

      const run = await waitForEnd(runId, 60_000);
      expect(run.status, run.error ?? "").toBe("completed");
      expect(run.output).toMatchObject({ text: "The child answered." });
      const children = await sql<{ id: string; status: string }>`
        SELECT id, status FROM "Run" WHERE "parentRunId" = ${runId}`;
      expect(children).toHaveLength(1);
      expect(children[0].status).toBe("completed");
      expect(requestsPerStep(llm.received)).toEqual({ 0: 1, 1: 1 });
      expect(toolResults(llm.received.at(-1)!)[0]).toContain("hit GET /slow?durable-child");
      const started = (await listEvents(runId)).filter((event) => event.type === "child.run.started");
      expect(started).toHaveLength(1);
    } finally {
      llm.close();
    }
  }, 90_000);
});
