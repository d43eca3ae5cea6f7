/**
 * Switchboard as an MCP server (/api/mcp/workflows): every workflow marked "Expose over MCP" is a
 * tool (input schema from its Entry; a call runs it and answers with its output, sending progress
 * notifications as its nodes finish), plus `list_workflows`, `run_workflow` (of an exposed workflow,
 * optionally without waiting) and `get_run`, and resources `workflow://{id}` and `run://{id}`. Built per request for
 * the caller: viewers may list and read, running needs an editor, and a key limited to some
 * workflows sees only those; reaching another is refused naming it (an error result from a tool,
 * a JSON-RPC error from resources/read). Stateless, so any number of web processes serve it
 * behind a plain load balancer.
 */
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  CallToolRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
} from "@modelcontextprotocol/sdk/types.js";
import type { Principal } from "../auth/principal";
import { sharedSchemaValidator } from "../mcp/schema-validator";
import { listWorkflowResources, readResourceFor, RESOURCE_TEMPLATES } from "./workflow-resources";
import { callWorkflowTool, exposedToCaller, FIXED_TOOLS, type Notify } from "./workflow-tools";

export function buildWorkflowsServer(principal: Principal): Server {
  const server = new Server(
    { name: "switchboard-workflows", version: "0.1.0" },
    { capabilities: { tools: { listChanged: false }, resources: {} }, jsonSchemaValidator: sharedSchemaValidator() },
  );
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: [
      ...(await exposedToCaller(principal)).map((workflow) => ({
        name: workflow.toolName,
        description: workflow.description,
        inputSchema: { type: "object" as const, ...workflow.inputSchema },
      })),
      ...FIXED_TOOLS,
    ],
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const { name, arguments: args = {} } = request.params;
    const notify: Notify = (notification) => extra.sendNotification(notification);
    return callWorkflowTool(principal, { name, args, progressToken: request.params._meta?.progressToken }, notify);
  });
  server.setRequestHandler(ListResourceTemplatesRequestSchema, async () => ({ resourceTemplates: RESOURCE_TEMPLATES }));
  server.setRequestHandler(ListResourcesRequestSchema, async () => ({
    resources: await listWorkflowResources(principal),
  }));
  server.setRequestHandler(ReadResourceRequestSchema, async (request) =>
    readResourceFor(principal, request.params.uri),
  );
  return server;
}
