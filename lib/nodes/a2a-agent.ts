/**
 * A2A Agent: a remote agent that speaks A2A (its Agent Card's URL), wrapped as a tool the model chooses among — the
 * tool's description is the agent's card (lib/tools/a2a-agent-tool.ts), the model writes the message, and the
 * agent's answer comes back. Calls go through the gateway like any tool's, and out through the guarded fetch HTTP
 * Request uses; an API key goes in a header as a secret. On the canvas it sends its Message input once.
 */
import { z } from "zod";
import { askRemoteAgent } from "../a2a/remote-agent";
import { A2A_AGENT_TYPE } from "../tools/a2a-agent-shape";
import { defineComponent } from "./types";

export const a2aAgent = defineComponent({
  id: A2A_AGENT_TYPE,
  label: "A2A Agent",
  category: "Tools",
  icon: "bot",
  description:
    "Asks a remote A2A agent (its Agent Card URL): as a tool the model chooses among, or once with a message.",
  inputs: [{ name: "message", label: "Message", schema: { type: "string", description: "What to ask the agent" } }],
  outputs: [
    { name: "text", label: "Answer", schema: { type: "string" } },
    { name: "state", label: "Task state", schema: { type: "string" } },
  ],
  fields: [
    {
      name: "cardUrl",
      label: "Agent Card URL",
      kind: "text",
      required: true,
      placeholder: "https://agent.example/.well-known/agent-card.json",
      help: "The agent's card, or the base URL its /.well-known/agent-card.json hangs off.",
    },
    { name: "headers", label: "Headers", kind: "key-value", placeholder: "Authorization" },
    { name: "timeoutMs", label: "Timeout (ms)", kind: "number" },
  ],
  tool: {
    name: "a2a_agent",
    description: "Send a message to a remote A2A agent and get its answer (in a run, the agent's card describes it).",
    agentInputs: ["message"],
  },
  params: z.object({
    cardUrl: z.string().min(1, "Agent Card URL is required"),
    headers: z.record(z.string(), z.string()).default({}),
    timeoutMs: z.number().int().positive().max(600_000).default(120_000),
    message: z.string().default(""),
  }),
  // The remote agent may act on the message: sending it again is not harmless.
  harmlessToRepeat: false,
  async execute({ params, signal, outboundSecrets }) {
    if (params.message.trim() === "") throw new Error("message: what to ask the agent is empty");
    const agent = { ...params, secrets: outboundSecrets, signal };
    return askRemoteAgent(agent, params.message);
  },
});
