/**
 * Calling a remote A2A agent with the official SDK's client (its card resolver and JSON-RPC transport): every request
 * goes through the guarded fetch HTTP Request uses (lib/net: forbidden addresses refused, redirects checked, a secret
 * restricted to some hosts refused anywhere else), with the node's headers (an API key, say). The answer is the
 * task's artifacts (or the message's parts) as text; a task that failed, was rejected or canceled is an error.
 */
import { Role, TaskState, type AgentCard, type Message, type Task } from "@a2a-js/sdk";
import { ClientFactory, DefaultAgentCardResolver, JsonRpcTransportFactory, type Client } from "@a2a-js/sdk/client";
import { randomUUID } from "node:crypto";
import { guardedFetch } from "../net/guarded-fetch";
import { appBaseUrl } from "../platform/app-url";
import type { OutboundSecret } from "../secrets/secret-destination";
import { partsText, textPart } from "./parts";

export type RemoteAgent = {
  /** The agent's base URL, or its Agent Card's URL (…/.well-known/agent-card.json). */
  cardUrl: string;
  headers: Record<string, string>;
  secrets?: OutboundSecret[];
  timeoutMs: number;
  signal?: AbortSignal;
};

export type RemoteAnswer = { text: string; state: string; taskId?: string };

/** Where the card is: a `.json` URL is the card itself, anything else the base the well-known path hangs off. */
function cardLocation(cardUrl: string): { base: string; path?: string } {
  const url = new URL(cardUrl);
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new Error(`cardUrl: only http and https are supported, got ${url.protocol}`);
  if (url.pathname.endsWith(".json")) return { base: new URL(".", url).href, path: url.pathname.split("/").pop() };
  return { base: url.href.endsWith("/") ? url.href : `${url.href}/` };
}

function guardedFetchFor(agent: RemoteAgent): typeof fetch {
  const own = new URL(appBaseUrl()).origin;
  return (input, init) => {
    const headers = new Headers(init?.headers);
    for (const [name, value] of Object.entries(agent.headers)) headers.set(name, value);
    const url = input instanceof Request ? input.url : String(input);
    return guardedFetch(url, { ...init, headers }, { secrets: agent.secrets, trustedOrigins: [own] });
  };
}

const signalOf = (agent: RemoteAgent) =>
  AbortSignal.any([...(agent.signal ? [agent.signal] : []), AbortSignal.timeout(agent.timeoutMs)]);

/** The remote agent's card. */
export async function fetchAgentCard(agent: RemoteAgent): Promise<AgentCard> {
  const { base, path } = cardLocation(agent.cardUrl);
  const resolver = new DefaultAgentCardResolver({ fetchImpl: guardedFetchFor(agent) });
  return resolver.resolve(base, path);
}

async function clientFor(agent: RemoteAgent): Promise<Client> {
  const { base, path } = cardLocation(agent.cardUrl);
  const fetchImpl = guardedFetchFor(agent);
  const factory = new ClientFactory({
    transports: [new JsonRpcTransportFactory({ fetchImpl })],
    cardResolver: new DefaultAgentCardResolver({ fetchImpl }),
  });
  return factory.createFromUrl(base, path);
}

const FAILED = new Set([TaskState.TASK_STATE_FAILED, TaskState.TASK_STATE_REJECTED, TaskState.TASK_STATE_CANCELED]);

function answerOf(result: Task | Message): RemoteAnswer {
  if (!("status" in result)) return { text: partsText(result.parts), state: "message" };
  const state = result.status?.state ?? TaskState.TASK_STATE_UNSPECIFIED;
  const said = result.status?.message ? partsText(result.status.message.parts) : "";
  if (FAILED.has(state)) throw new Error(`The agent's task ended ${TaskState[state]}${said ? `: ${said}` : ""}`);
  const text = result.artifacts.map((artifact) => partsText(artifact.parts)).join("\n") || said;
  return { text, state: TaskState[state], taskId: result.id };
}

/** Sends one message and waits for the agent's answer. */
export async function askRemoteAgent(agent: RemoteAgent, text: string): Promise<RemoteAnswer> {
  const client = await clientFor(agent);
  const message: Message = {
    messageId: randomUUID(),
    contextId: "",
    taskId: "",
    role: Role.ROLE_USER,
    parts: [textPart(text)],
    metadata: undefined,
    extensions: [],
    referenceTaskIds: [],
  };
  const result = await client.sendMessage(
    {
      tenant: "",
      message,
      configuration: { acceptedOutputModes: [], taskPushNotificationConfig: undefined, returnImmediately: false },
      metadata: undefined,
    },
    { signal: signalOf(agent) },
  );
  return answerOf(result);
}

/** What the model reads about the agent when choosing among tools: its name, description and skills. */
export function describeAgent(card: AgentCard): string {
  const skills = card.skills.map((skill) => `${skill.name}: ${skill.description}`).join("; ");
  const text = `Ask the A2A agent "${card.name}": ${card.description}${skills ? ` Skills — ${skills}` : ""}`;
  return text.length > 1000 ? `${text.slice(0, 999)}…` : text;
}
