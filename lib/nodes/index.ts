/**
 * The component catalogue. Adding a component is adding one file and one line here.
 * Server-only: the browser gets `catalogueMeta()`, never the execute code.
 */
import { a2aAgent } from "./a2a-agent";
import { agent } from "./agent";
import { approval } from "./approval";
import { code } from "./code";
import { entry } from "./entry";
import { externalAgent } from "./external-agent";
import { fsRead } from "./fs-read";
import { fsWrite } from "./fs-write";
import { httpRequest } from "./http-request";
import { knowledgeSearch } from "./knowledge-search";
import { ifNode } from "./if";
import { scheduleTrigger } from "./schedule-trigger";
import { llm } from "./llm";
import { loop } from "./loop";
import { mcpGroup } from "./mcp-group";
import { mcpServer } from "./mcp-server";
import { merge } from "./merge";
import { output } from "./output";
import { shellExec } from "./shell-exec";
import { switchNode } from "./switch";
import { toolCall } from "./tool-call";
import { transform } from "./transform";
import { wait } from "./wait";
import { waitForWebhook } from "./wait-for-webhook";
import { webhookTrigger } from "./webhook-trigger";
import { workflowTool } from "./workflow-tool";
import { toJsonText, type JsonText } from "../workflow/json-text";
import type { ComponentDefinition, ComponentMeta } from "./types";

export const components = [
  entry,
  webhookTrigger,
  scheduleTrigger,
  ifNode,
  switchNode,
  merge,
  loop,
  wait,
  waitForWebhook,
  approval,
  output,
  transform,
  code,
  agent,
  llm,
  externalAgent,
  toolCall,
  httpRequest,
  a2aAgent,
  knowledgeSearch,
  workflowTool,
  mcpServer,
  mcpGroup,
  fsRead,
  fsWrite,
  shellExec,
] as const;

export type NodeType = (typeof components)[number]["id"];

const byId = new Map<string, ComponentDefinition>(
  components.map((component) => [component.id, component as unknown as ComponentDefinition]),
);

export function getComponent(type: string): ComponentDefinition | undefined {
  return byId.get(type);
}

/**
 * The keys of a component's serialisable metadata: everything the browser and the compiler see. The param schema,
 * `execute()` and what only the engine reads (`handsOutGatewayToken`, `harmlessToRepeat`, `pure`) stay on the server.
 */
const META_KEYS = [
  "id",
  "label",
  "category",
  "icon",
  "description",
  "inputs",
  "outputs",
  "fields",
  "defaults",
  "paramNames",
  "startingParams",
  "tool",
  "acceptsTools",
  "requiresTool",
  "hostAccess",
  "branches",
  "namesRunOutput",
  "requiresInput",
  "trigger",
  "schemaOutputsParam",
] as const satisfies readonly (keyof ComponentMeta)[];

/** Every key of ComponentMeta is sent to the browser or named here as the engine's alone: a new key must choose. */
type ServerOnlyMetaKey = "handsOutGatewayToken";
const everyMetaKeyChosen: Exclude<keyof ComponentMeta, (typeof META_KEYS)[number] | ServerOnlyMetaKey> extends never
  ? true
  : never = true;
void everyMetaKeyChosen;

/** The serialisable metadata of a component: the keys above, as plain JSON. */
export function toMeta(component: ComponentMeta): ComponentMeta {
  const meta = Object.fromEntries(META_KEYS.map((key) => [key, component[key]]));
  return JSON.parse(JSON.stringify(meta));
}

export function catalogueMeta(): ComponentMeta[] {
  return components.map(toMeta);
}

let catalogueText: JsonText<ComponentMeta[]> | undefined;

/** The catalogue's metadata as the editor pages hand it to the browser: the same every time, so made once. */
export function catalogueMetaText(): JsonText<ComponentMeta[]> {
  catalogueText ??= toJsonText(catalogueMeta());
  return catalogueText;
}

/** The compiler's view of the catalogue. */
export const lookupComponent = (type: string): ComponentMeta | undefined => byId.get(type);
