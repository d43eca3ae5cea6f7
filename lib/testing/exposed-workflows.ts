/**
 * Workflows exposed over MCP that the MCP-server tests share: "Greeter" (tool `greet`, a required
 * `name`, a short Wait so progress has something to report) and "Echo back" (tool `echo_back`,
 * answers its input), created through the API like a person's script would.
 */
import type { ApiClient } from "./api-client";
import { graphEdge, graphNode } from "./fixtures";

export const GREETER = {
  name: "Greeter",
  settings: { mcp: { expose: true, toolName: "greet", description: "Greets someone by name" } },
  nodes: [
    graphNode("entry", "core.entry", {
      params: { inputFields: [{ name: "name", type: "string", required: true, description: "Who to greet" }] },
    }),
    graphNode("hello", "core.code", { label: "Hello", params: { code: "return 'Hello, ' + input.name + '!';" } }),
    graphNode("pause", "core.wait", { label: "Pause", params: { seconds: 0.2 } }),
    graphNode("out", "core.output", { label: "Out" }),
  ],
  edges: [
    graphEdge("entry", "output", "hello", "input"),
    graphEdge("hello", "result", "pause", "input"),
    graphEdge("pause", "output", "out", "value"),
  ],
};

export const ECHO_BACK = {
  name: "Echo back",
  settings: { mcp: { expose: true, toolName: "echo_back" } },
  nodes: [graphNode("entry", "core.entry"), graphNode("out", "core.output", { label: "Out" })],
  edges: [graphEdge("entry", "output", "out", "value")],
};

/** Creates a workflow through POST /api/workflows, published (so it is live: exposed, callable), and answers its id. */
export async function createWorkflow(api: ApiClient, body: object): Promise<string> {
  const response = await api.fetch("/api/workflows", {
    method: "POST",
    body: JSON.stringify({ publish: true, ...body }),
  });
  if (response.status !== 201)
    throw new Error(`Could not create a test workflow: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { id: string }).id;
}
