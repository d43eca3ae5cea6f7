/** The resources of Switchboard's own MCP server: `workflow://{id}` and `run://{id}`, as JSON, within the caller's scope. */
import { ErrorCode, McpError, type ReadResourceResult } from "@modelcontextprotocol/sdk/types.js";
import type { Principal } from "../auth/principal";
import { visibleWorkflowsWhere } from "../auth/workflow-access";
import { getRunStatus } from "../runs/read-run";
import { getWorkflow, listWorkflows } from "../workflow-store/repository";
import { exposedWorkflow } from "./exposed-workflows";
import { accessRefusal } from "./workflow-tools";

export const RESOURCE_TEMPLATES = [
  { uriTemplate: "workflow://{id}", name: "Workflow definition", mimeType: "application/json" },
  { uriTemplate: "run://{id}", name: "Run status and output", mimeType: "application/json" },
];

/** Every workflow the caller may read, as a resource. */
export async function listWorkflowResources(principal: Principal) {
  return (await listWorkflows(visibleWorkflowsWhere(principal))).map((workflow) => ({
    uri: `workflow://${workflow.id}`,
    name: workflow.name,
    mimeType: "application/json",
  }));
}

/** What a workflow:// or run:// address holds, and the workflow it belongs to; null when nothing is there. */
async function readResource(uri: string): Promise<{ workflowId: string; body: unknown } | null> {
  const [, scheme, id] = /^(workflow|run):\/\/(.+)$/.exec(uri) ?? [];
  if (scheme === "workflow") {
    const workflow = await getWorkflow(id);
    return (
      workflow && {
        workflowId: workflow.id,
        body: {
          id: workflow.id,
          name: workflow.name,
          exposedAs: exposedWorkflow(workflow.id, workflow.name, workflow.graph)?.toolName ?? null,
          graph: workflow.graph,
        },
      }
    );
  }
  if (scheme === "run") {
    const run = await getRunStatus(id);
    return (
      run && {
        workflowId: run.workflowId,
        body: { runId: run.id, workflowId: run.workflowId, status: run.status, output: run.output, error: run.error },
      }
    );
  }
  return null;
}

/** Answers resources/read for the caller: a missing address or another scope's workflow is an error naming it. */
export async function readResourceFor(principal: Principal, uri: string): Promise<ReadResourceResult> {
  const found = await readResource(uri);
  const missing = `Nothing at ${uri}: use workflow://{id} or run://{id} with an id that exists`;
  if (!found) throw new Error(missing);
  const refused = await accessRefusal(principal, found.workflowId, "view", missing);
  if (refused === missing) throw new Error(missing);
  if (refused) throw new McpError(ErrorCode.InvalidParams, refused);
  return { contents: [{ uri, mimeType: "application/json", text: JSON.stringify(found.body, null, 2) }] };
}
