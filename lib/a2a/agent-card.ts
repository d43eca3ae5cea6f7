/**
 * A published workflow as an A2A agent: its Agent Card (A2A v1.0, @a2a-js/sdk's types), only when the published version
 * turns "Expose over A2A" on. One skill, the workflow, whose input modes and description come from its Entry: text
 * for a workflow that takes any input, a JSON object with the Entry's fields otherwise. Callers authenticate with an
 * API key (Bearer or x-api-key), as everywhere else.
 */
import type { AgentCard } from "@a2a-js/sdk";
import { workflowInputSchema } from "../tools/workflow-tool";
import { entryFieldsOf } from "../workflow/run-input-schema";
import { liveVersion } from "../workflow-store/versions";

export type ExposedAgent = { ok: true; card: AgentCard } | { ok: false; status: 404; message: string };

/** Where a workflow's A2A endpoint is, under this app's address. */
export const a2aEndpoint = (baseUrl: string, workflowId: string) => `${baseUrl}/api/a2a/${workflowId}`;

function skillDescription(description: string, schema: Record<string, unknown>, wrapsInput: boolean): string {
  if (wrapsInput) return `${description} Send the input as text (or a JSON data part).`;
  return `${description} Send a JSON data part (or JSON text) with these fields: ${JSON.stringify(schema)}`;
}

/** The workflow's card, or 404 when it is missing, never published, or its published version is not exposed. */
export async function workflowAgentCard(workflowId: string, baseUrl: string): Promise<ExposedAgent> {
  const live = await liveVersion(workflowId);
  const a2a = live.ok ? live.workflow.graph.settings?.a2a : undefined;
  if (!live.ok || !a2a?.expose)
    return {
      ok: false,
      status: 404,
      message: live.ok
        ? `Workflow ${workflowId} is not exposed over A2A: turn on "Expose over A2A" in its settings and publish it`
        : live.message,
    };
  const { name, graph, version } = live.workflow;
  const { schema, wrapsInput } = workflowInputSchema(entryFieldsOf(graph.nodes));
  const description = a2a.description || `Runs the Switchboard workflow "${name}" and answers with its output.`;
  const inputModes = wrapsInput ? ["text/plain", "application/json"] : ["application/json", "text/plain"];
  return {
    ok: true,
    card: {
      name,
      description,
      version: String(version),
      supportedInterfaces: [
        { url: a2aEndpoint(baseUrl, workflowId), protocolBinding: "JSONRPC", protocolVersion: "1.0", tenant: "" },
        { url: a2aEndpoint(baseUrl, workflowId), protocolBinding: "JSONRPC", protocolVersion: "0.3", tenant: "" },
      ],
      provider: { organization: "Switchboard", url: baseUrl },
      capabilities: { streaming: true, pushNotifications: false, extensions: [] },
      securitySchemes: {
        apiKey: {
          scheme: {
            $case: "httpAuthSecurityScheme",
            value: { description: "A Switchboard API key", scheme: "bearer", bearerFormat: "" },
          },
        },
      },
      securityRequirements: [{ schemes: { apiKey: { list: [] } } }],
      defaultInputModes: inputModes,
      defaultOutputModes: ["text/plain", "application/json"],
      skills: [
        {
          id: `workflow-${workflowId}`,
          name,
          description: skillDescription(description, schema, wrapsInput),
          tags: ["switchboard", "workflow"],
          examples: [],
          inputModes,
          outputModes: ["text/plain", "application/json"],
          securityRequirements: [],
        },
      ],
      signatures: [],
    },
  };
}
