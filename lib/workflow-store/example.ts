/**
 * The example workflow a fresh install starts with: Entry → Agent, with an HTTP Request wired in as a tool. Runs
 * offline.
 */
import type { WorkflowGraph } from "../workflow/graph";
import { createWorkflow, listWorkflows } from "./repository";

export const EXAMPLE_WORKFLOW_NAME = "Example: agent with an HTTP tool";

export function exampleWorkflowGraph(): WorkflowGraph {
  return {
    nodes: [
      {
        id: "entry",
        type: "core.entry",
        position: { x: 0, y: 80 },
        data: { label: "Entry", mode: "normal", params: { defaultInput: "Is this Switchboard up?" } },
      },
      {
        id: "agent",
        type: "core.agent",
        position: { x: 360, y: 40 },
        data: {
          label: "Agent",
          mode: "normal",
          params: {
            provider: "scripted",
            script: {
              // The health check needs no credentials; the rest of the API wants an API key (a secret in the node's
              // headers).
              toolCalls: [{ tool: "http_request", args: { url: "/api/health" } }],
              finalText:
                "You asked: {{input}}\nI called the Switchboard health check (GET /api/health), which answered: " +
                "{{results.0}}",
            },
          },
        },
      },
      {
        id: "http",
        type: "core.http.request",
        position: { x: 360, y: 320 },
        data: { label: "HTTP Request", mode: "tool", params: { method: "GET", url: "/api/health" } },
      },
    ],
    edges: [
      { id: "entry-agent", source: "entry", sourceHandle: "output", target: "agent", targetHandle: "input" },
      { id: "http-agent", source: "http", sourceHandle: "tool", target: "agent", targetHandle: "tools" },
    ],
  };
}

/** Creates the example when there are no workflows at all (a fresh install). */
export async function ensureExampleWorkflow(): Promise<void> {
  if ((await listWorkflows()).length > 0) return;
  await createWorkflow(EXAMPLE_WORKFLOW_NAME, exampleWorkflowGraph());
}
