/**
 * Bring your own agent: an External Agent node hands out a token scoped to its wired tools; an
 * outside MCP client (the SDK's, as Claude Desktop or Cursor would be) sees and calls exactly those,
 * the gateway records the calls in the run, Done ends the node with the answer, and the token dies.
 */
import { copyFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, expect, it } from "vitest";
import { listEvents } from "../runs/read-events";
import { graphEdge, graphNode } from "../testing/fixtures";
import { startWorkflowRun } from "../testing/run-workflow";
import { startTestStack, type TestStack } from "../testing/test-stack";
import { waitFor, waitForEvent } from "../testing/wait-for";
import { waitForRun } from "../testing/wait-for-run";
import type { WorkflowGraph } from "../workflow/graph";

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(() => stack.close());

it("hands scoped tools to an outside MCP client, records its calls, and ends on Done", async () => {
  const runId = await startWorkflowRun(
    stack,
    {
      nodes: [
        graphNode("entry", "core.entry"),
        graphNode("outside", "core.external.agent", {
          label: "Outside agent",
          params: { instructions: "Double {{input}} and press Done" },
        }),
        graphNode("double", "core.code", {
          label: "Double",
          mode: "tool",
          params: { code: "return Number(input) * 2;" },
        }),
        graphNode("other", "core.code", { label: "Not wired", mode: "tool", params: { code: "return 'secret';" } }),
      ],
      edges: [graphEdge("entry", "output", "outside", "input"), graphEdge("double", "tool", "outside", "tools")],
    } as WorkflowGraph,
    "21",
  );

  const waiting = await waitForEvent(runId, (event) => event.type === "external.agent.waiting", 15_000);
  expect(JSON.stringify(waiting)).not.toMatch(/eyJ/); // no token in the event log
  const handoff = (await (await stack.fetch(`/api/runs/${runId}/external/outside`)).json()) as {
    url: string;
    token: string;
    expiresAt: string;
  };
  expect(handoff.url).toMatch(/\/api\/mcp\/gateway$/);

  const client = new Client({ name: "outside-agent", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(handoff.url), {
      requestInit: { headers: { Authorization: `Bearer ${handoff.token}` } },
    }),
  );
  expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(["double"]);
  const result = await client.callTool({ name: "double", arguments: { input: 21 } });
  expect(JSON.stringify(result.content)).toContain("42");
  await client.close();

  const recorded = await waitFor(
    "the gateway's record of the call",
    async () => (await listEvents(runId)).find((event) => event.type === "tool.call.completed"),
    10_000,
  );
  expect(recorded.payload).toMatchObject({
    nodeId: "outside",
    toolName: "double",
    isError: false,
    result: expect.stringContaining("42"),
  });

  expect(
    (
      await stack.fetch(`/api/runs/${runId}/external/outside/done`, {
        method: "POST",
        body: JSON.stringify({ text: "It is 42." }),
      })
    ).status,
  ).toBe(202);
  expect(await waitForRun(stack, runId)).toMatchObject({ status: "completed", output: { text: "It is 42." } });

  // The node has ended: its token no longer opens the gateway, and there is nothing left to fetch.
  const refused = await fetch(handoff.url, {
    method: "POST",
    headers: {
      authorization: `Bearer ${handoff.token}`,
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
    },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
  });
  expect(refused.status).toBe(401);
  expect((await stack.fetch(`/api/runs/${runId}/external/outside`)).status).toBe(404);
});

/**
 * The test agent program, installed where the sandbox shows programs a node may start: the
 * checkout's node_modules (its imports of the MCP SDK resolve from there). A file elsewhere in the
 * checkout is not in the box.
 */
const AGENT_SCRIPT = path.join(process.cwd(), "node_modules", ".cache", "switchboard-tests", "mcp-agent-script.mjs");
mkdirSync(path.dirname(AGENT_SCRIPT), { recursive: true });
copyFileSync(new URL("../testing/mcp-agent-script.mjs", import.meta.url), AGENT_SCRIPT);

const processGraph = (args: string[]): WorkflowGraph =>
  ({
    nodes: [
      graphNode("entry", "core.entry"),
      graphNode("outside", "core.external.agent", {
        label: "Agent program",
        params: { mode: "process", command: "node", args, instructions: "{{input}}" },
      }),
      graphNode("double", "core.code", {
        label: "Double",
        mode: "tool",
        params: { code: "return Number(input) * 2;" },
      }),
      graphNode("other", "core.code", { label: "Not wired", mode: "tool", params: { code: "return 'secret';" } }),
    ],
    edges: [graphEdge("entry", "output", "outside", "input"), graphEdge("double", "tool", "outside", "tools")],
  }) as WorkflowGraph;

it("starts an agent program with the gateway in its environment: it sees and calls only its tools, and its output is the answer", async () => {
  const runId = await startWorkflowRun(stack, processGraph([AGENT_SCRIPT]), "21");
  const result = await waitForRun(stack, runId, 30_000);
  expect(result.status, result.error ?? "").toBe("completed");
  const text = (result.output as { text: string }).text;
  // the token it printed is not in the answer
  expect(text).toBe('tools=double result={"result":42} token=in env [secret]');
  const events = await listEvents(runId);
  expect(events.find((event) => event.type === "tool.call.completed")?.payload).toMatchObject({
    nodeId: "outside",
    toolName: "double",
    result: '{"result":42}',
  });
  expect(JSON.stringify(events)).not.toMatch(/eyJ/);
  const audit = (await (await stack.fetch(`/api/audit/tool-calls?caller=external&tool=double`)).json()) as {
    calls: { runId: string }[];
  };
  expect(audit.calls.map((call) => call.runId)).toContain(runId);
});

it("fails the node with what the program said when it exits with an error, and refuses a command off the allow-list", async () => {
  const failed = await waitForRun(
    stack,
    await startWorkflowRun(stack, processGraph([AGENT_SCRIPT, "fail"]), "1"),
    30_000,
  );
  expect(failed.status).toBe("failed");
  expect(failed.error).toContain(
    'command: "node" exited with code 3 — stderr: Error: the agent could not make sense of its task',
  );

  const graph = processGraph([]);
  (graph.nodes[1].data.params as Record<string, unknown>).command = "bash";
  const refused = await waitForRun(stack, await startWorkflowRun(stack, graph, "1"), 30_000);
  expect(refused.status).toBe("failed");
  expect(refused.error).toContain('command "bash" is not on the MCP allow-list');
});
