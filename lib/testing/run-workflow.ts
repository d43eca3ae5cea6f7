/** Saves a graph through the real HTTP API, starts a run and waits for it to end. */
import type { WorkflowGraph } from "../workflow/graph";
import type { ApiClient } from "./api-client";
import { waitForRun, type RunStatusBody } from "./wait-for-run";

async function post(api: ApiClient, path: string, body: unknown) {
  const response = await api.fetch(path, { method: "POST", body: JSON.stringify(body) });
  const json = await response.json();
  if (response.status !== 201) throw new Error(`POST ${path} answered ${response.status}: ${JSON.stringify(json)}`);
  return json;
}

export async function startWorkflowRun(api: ApiClient, graph: WorkflowGraph, input?: unknown): Promise<string> {
  const created = await post(api, "/api/workflows", { name: "integration", publish: true, ...graph });
  const started = await post(api, `/api/workflows/${created.id}/runs`, { input });
  return started.runId as string;
}

export async function runWorkflowToEnd(
  api: ApiClient,
  graph: WorkflowGraph,
  input?: unknown,
  timeoutMs = 30_000,
): Promise<{ runId: string; result: RunStatusBody }> {
  const runId = await startWorkflowRun(api, graph, input);
  return { runId, result: await waitForRun(api, runId, timeoutMs) };
}
