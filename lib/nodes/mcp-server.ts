/**
 * MCP Server: any MCP server (stdio command, Streamable HTTP / SSE / WebSocket URL, or a
 * workflow-level server by name) as a tool source. In tool mode its discovered tools reach the
 * agent as `{source}__{tool}`; run normally, it lists the server's tools.
 */
import { z } from "zod";
import { discoverTools } from "../mcp/discover";
import { serverSpecs, ServerNodeParams } from "../mcp/server-specs";
import { MCP_SERVER_TYPE } from "../mcp/mcp-names";
import { writableRootsField } from "../tools/roots-param";
import { defineComponent, type ParamField } from "./types";

const on = (transport: string) => ({ visibleWhen: { param: "transport", equals: transport } });
const onOAuth = {
  visibleWhen: [
    { param: "transport", equals: "http" },
    { param: "auth", equals: "oauth" },
  ],
};

export const runtimeFields: ParamField[] = [
  {
    name: "callTimeoutSeconds",
    label: "Call timeout (s)",
    kind: "number",
    help: "How long one tool call may take before the agent gets a timeout error.",
  },
  { name: "startupTimeoutSeconds", label: "Startup timeout (s)", kind: "number" },
  {
    name: "healthCheckSeconds",
    label: "Health check every (s)",
    kind: "number",
    help: "0 turns the health check off.",
  },
];

export const mcpServer = defineComponent({
  id: MCP_SERVER_TYPE,
  label: "MCP Server",
  category: "Tools",
  hostAccess: "stdio-servers",
  icon: "server",
  description: "Connects an MCP server (stdio, HTTP or WebSocket) and offers its tools to an agent.",
  inputs: [],
  outputs: [{ name: "tools", label: "Tools" }],
  fields: [
    {
      name: "transport",
      label: "Transport",
      kind: "select",
      options: [
        { value: "stdio", label: "stdio (command)" },
        { value: "http", label: "Remote (HTTP or WebSocket URL)" },
        { value: "ref", label: "Workflow MCP server" },
      ],
    },
    { name: "command", label: "Command", kind: "text", placeholder: "npx", ...on("stdio") },
    {
      name: "args",
      label: "Arguments",
      kind: "string-list",
      placeholder: "-y",
      ...on("stdio"),
    },
    {
      name: "env",
      label: "Environment",
      kind: "key-value",
      placeholder: "API_KEY",
      help: "The server gets only these variables plus PATH and HOME.",
      ...on("stdio"),
    },
    { name: "cwd", label: "Working directory", kind: "text", ...on("stdio") },
    {
      ...writableRootsField,
      help:
        "Absolute directories the server may write (a filesystem server's folders), one per line. It runs in a " +
        "sandbox and sees nothing else of this machine.",
      ...on("stdio"),
    },
    {
      name: "network",
      label: "Network access",
      kind: "boolean",
      help: "Off: the server cannot open any connection (npx needs it to fetch a package).",
      ...on("stdio"),
    },
    {
      name: "url",
      label: "URL",
      kind: "text",
      placeholder: "https://example.com/mcp",
      help: "http(s):// for Streamable HTTP or SSE, ws(s):// for WebSocket.",
      ...on("http"),
    },
    {
      name: "headers",
      label: "Headers",
      kind: "json",
      placeholder: '{ "Authorization": { "$secret": "MCP_TOKEN" } }',
      ...on("http"),
    },
    {
      name: "protocol",
      label: "Protocol",
      kind: "select",
      options: [
        { value: "auto", label: "Automatic (ws(s): WebSocket; http(s): Streamable HTTP, then SSE)" },
        { value: "streamable-http", label: "Streamable HTTP" },
        { value: "sse", label: "HTTP + SSE (older servers)" },
        { value: "websocket", label: "WebSocket (ws:// or wss://)" },
      ],
      ...on("http"),
    },
    {
      name: "auth",
      label: "Sign-in",
      kind: "select",
      options: [
        { value: "none", label: "None (or a token in Headers)" },
        { value: "oauth", label: "OAuth 2.1 (Connect below)" },
      ],
      ...on("http"),
    },
    {
      name: "oauthClientId",
      label: "OAuth client ID",
      kind: "text",
      placeholder: "registered automatically when empty",
      ...onOAuth,
    },
    {
      name: "oauthClientSecret",
      label: "OAuth client secret",
      kind: "secret",
      help: "Only for a pre-registered confidential client.",
      ...onOAuth,
    },
    {
      name: "oauthScope",
      label: "OAuth scope",
      kind: "text",
      placeholder: "what the server asks for when empty",
      ...onOAuth,
    },
    {
      name: "ref",
      label: "Server name",
      kind: "text",
      help: "A server declared in the workflow's MCP servers settings.",
      ...on("ref"),
    },
    ...runtimeFields,
  ],
  tool: { name: "mcp", description: "The tools of an MCP server.", agentInputs: [], discovered: true },
  params: ServerNodeParams,
  async execute({ nodeId, label, params }) {
    const [spec] = serverSpecs(
      { id: nodeId, type: MCP_SERVER_TYPE, label, params: params as z.infer<typeof ServerNodeParams> },
      undefined,
    );
    const tools = await discoverTools(spec.config, spec.startupTimeoutMs);
    return { tools: tools.map(({ name, description }) => ({ name, description })) };
  },
});
