/** Saves a graph through the real HTTP API, starts a run and waits for it to end. */
import type { WorkflowGraph } from "../workflow/graph";
import { waitForRun, type RunStatusBody } from "./wait-for-run";

async function post(baseUrl: string, path: string, body: unknown) {
  const response = await fetch(`${baseUrl}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const json = await response.json();
  if (response.status !== 201) throw new Error(`POST ${path} answered ${response.status}: ${JSON.stringify(json)}`);
  return json;
}

export async function startWorkflowRun(baseUrl: string, graph: WorkflowGraph, input?: unknown): Promise<string> {
  const created = await post(baseUrl, "/api/workflows", { name: "integration", ...graph });
  const started = await post(baseUrl, `/api/workflows/${created.id}/runs`, { input });
  return started.runId as string;
}

export async function runWorkflowToEnd(baseUrl: string, graph: WorkflowGraph, input?: unknown, timeoutMs = 30_000): Promise<{ runId: string; result: RunStatusBody }> {
  const runId = await startWorkflowRun(baseUrl, graph, input);
  return { runId, result: await waitForRun(baseUrl, runId, timeoutMs) };
}
