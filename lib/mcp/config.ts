/**
 * How a workflow describes an MCP server: a stdio command,
 * a URL (Streamable HTTP, legacy SSE or WebSocket), or a reference by name to the workflow's `mcpServers`. Header and
 * env values may be secret references; they are resolved only in the worker, right before connecting.
 */
import { z } from "zod";
import { DeclaredDirectories } from "../sandbox/declared-directories";
import { SecretRef } from "../secrets/reference";
import { describeIssues } from "../validation/describe-issues";
import { protocolMismatch, REMOTE_PROTOCOLS } from "./remote-protocol";
import { TOOL_FILTER_MODES } from "./mcp-names";

const SecretOrText = z.union([z.string(), SecretRef]);

/**
 * Strict, as every server shape here: a key it does not name is an error, so no stray field can make one server look
 * like another.
 */
export const StdioServerConfig = z.strictObject({
  transport: z.literal("stdio"),
  command: z.string().trim().min(1, "command is required"),
  args: z.array(z.string()).default([]),
  env: z.record(z.string(), SecretOrText).default({}),
  cwd: z.string().optional(),
  /**
   * The directories the server may write (none when not given); it runs in the sandbox (lib/sandbox) and sees nothing
   * else of the host.
   */
  roots: DeclaredDirectories.optional(),
  /** Whether it may open network connections (not when not given; npx fetching a package needs it). */
  network: z.boolean("network must be true or false").optional(),
});
export type StdioServerConfig = z.infer<typeof StdioServerConfig>;

/**
 * Signing in to a server that requires OAuth 2.1 (the MCP authorization spec). Without a client id
 * the client registers itself with the authorization server (dynamic client registration); the
 * tokens come from the editor's Connect and live in the secret store (lib/mcp/oauth).
 */
export const McpOAuthSettings = z
  .object({
    clientId: SecretOrText.optional(),
    clientSecret: SecretRef.optional(),
    scope: z.string().trim().optional(),
  })
  .strict()
  .refine((oauth) => !oauth.clientSecret || oauth.clientId, {
    message: "a client secret needs the client id it belongs to",
    path: ["clientId"],
  });
export type McpOAuthSettings = z.infer<typeof McpOAuthSettings>;

/**
 * A remote server, reached by URL: Streamable HTTP, legacy HTTP+SSE or WebSocket. WebSocket is not a
 * transport of its own: it has the same URL, headers and address policy, and the scheme already
 * says which protocol a URL speaks (remote-protocol.ts); a named `protocol` must agree with it.
 */
export const HttpServerConfig = z
  .strictObject({
    transport: z.literal("http"),
    url: z.string().trim().url("url must be an absolute http(s) or ws(s) URL"),
    headers: z.record(z.string(), SecretOrText).default({}),
    protocol: z.enum(REMOTE_PROTOCOLS).default("auto"),
    oauth: McpOAuthSettings.optional(),
  })
  .superRefine(({ url, protocol }, ctx) => {
    const mismatch = URL.canParse(url) && protocolMismatch(new URL(url), protocol);
    if (mismatch) ctx.addIssue({ code: "custom", path: ["protocol"], message: `"${protocol}" ${mismatch}` });
  });
export type HttpServerConfig = z.infer<typeof HttpServerConfig>;

export const McpServerConfig = z.discriminatedUnion("transport", [StdioServerConfig, HttpServerConfig]);
export type McpServerConfig = z.infer<typeof McpServerConfig>;

export const ServerRef = z.strictObject({
  transport: z.literal("ref"),
  ref: z.string().trim().min(1, "ref names a workflow-level MCP server"),
});

/** What a node may hold: a server config, or a name in the workflow's `mcpServers`. */
export const McpServerSource = z.discriminatedUnion("transport", [StdioServerConfig, HttpServerConfig, ServerRef]);
export type McpServerSource = z.infer<typeof McpServerSource>;

/** Which of a server's tools an agent sees: all, only some, or all but some. */
export const ToolFilter = z.object({
  mode: z.enum(TOOL_FILTER_MODES).default("all"),
  tools: z.array(z.string()).default([]),
});
export type ToolFilter = z.infer<typeof ToolFilter>;

export function applyToolFilter<T extends { name: string }>(tools: T[], filter: ToolFilter): T[] {
  if (filter.mode === "selected") return tools.filter((tool) => filter.tools.includes(tool.name));
  if (filter.mode === "except") return tools.filter((tool) => !filter.tools.includes(tool.name));
  return tools;
}

export const WorkflowMcpServers = z.record(z.string(), McpServerConfig);
export type WorkflowMcpServers = z.infer<typeof WorkflowMcpServers>;

/** Follows a `ref` to the workflow-level declaration; `where` names the node for the error. */
export function resolveServerSource(source: McpServerSource, declared: unknown, where: string): McpServerConfig {
  if (source.transport !== "ref") return source;
  const servers = WorkflowMcpServers.safeParse(declared ?? {});
  if (!servers.success)
    throw new Error(`${where}: the workflow's mcpServers are invalid — ${describeIssues(servers.error, "mcpServers")}`);
  const found = servers.data[source.ref];
  if (!found) throw new Error(`${where}: no workflow-level MCP server named "${source.ref}"`);
  return found;
}
