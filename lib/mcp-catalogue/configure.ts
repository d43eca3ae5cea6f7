/**
 * An entry and its settings as the MCP server a person would have typed: the same stdio command and arguments, env,
 * roots and network switch, or the same URL and headers. The result is parsed with the config schema the worker uses,
 * and given as MCP Server node params (`nodeParamsOf`) or as a workflow-level server, so compile, the launch spec, the
 * sandbox and Discover treat it like any other.
 */
import { McpServerConfig } from "../mcp/config";
import { isSecretRef } from "../secrets/secret-ref";
import { describeIssues } from "../validation/describe-issues";
import type { CatalogueEntry, CatalogueField, CatalogueLaunch, CatalogueValues } from "./types";

export type SettingProblem = { field: string; message: string };
export type Configured = { ok: true; config: McpServerConfig } | { ok: false; problems: SettingProblem[] };

/** Where a bundled server's program is, relative to the checkout the worker runs in. */
export const bundledPath = (launch: { package: string; bin: string }) => `node_modules/${launch.package}/${launch.bin}`;

/** The command and first arguments of a stdio launch, before any setting is added. */
export function baseCommand(launch: Exclude<CatalogueLaunch, { kind: "remote" }>): { command: string; args: string[] } {
  if (launch.kind === "bundled") return { command: "node", args: [bundledPath(launch), ...launch.args] };
  if (launch.kind === "npx")
    return { command: "npx", args: ["-y", `${launch.package}@${launch.version}`, ...launch.args] };
  return { command: "uvx", args: [`${launch.package}@${launch.version}`, ...launch.args] };
}

/** A field's value as given (trimmed text or a secret reference), undefined when empty; or its problem. */
function readValue(field: CatalogueField, values: CatalogueValues): { value?: unknown; problem?: string } {
  const raw = values[field.name];
  if (field.kind === "secret") {
    if (raw === undefined || raw === null || raw === "")
      return field.required ? { problem: "is required: pick a stored secret" } : {};
    return isSecretRef(raw) ? { value: raw } : { problem: "must be a stored secret, picked by name" };
  }
  const text = typeof raw === "string" ? raw.trim() : "";
  if (raw !== undefined && raw !== null && typeof raw !== "string") return { problem: "must be text" };
  if (!text) return field.required ? { problem: "is required" } : {};
  if (field.kind === "path" && !text.startsWith("/")) return { problem: `"${text}" must be an absolute folder` };
  if (field.kind === "url" && !URL.canParse(text)) return { problem: `"${text}" is not an absolute URL` };
  return { value: text };
}

type Parts = { args: string[]; env: Record<string, unknown>; headers: Record<string, unknown>; roots: string[] };

function place(field: CatalogueField, value: unknown, parts: Parts): void {
  const { into } = field;
  if ("arg" in into) parts.args.push(...(into.flag ? [into.flag] : []), String(value));
  else if ("env" in into) parts.env[into.env] = typeof value === "string" ? value + (into.suffix ?? "") : value;
  else parts.headers[into.header] = value;
  if (field.root) parts.roots.push(String(value));
}

/** The server config for an entry and its settings, or every setting that is missing or wrong, by field. */
export function configureServer(entry: CatalogueEntry, values: CatalogueValues): Configured {
  const parts: Parts = { args: [], env: {}, headers: {}, roots: [] };
  const problems: SettingProblem[] = [];
  for (const field of entry.fields) {
    const { value, problem } = readValue(field, values);
    if (problem) problems.push({ field: field.name, message: `${field.label} ${problem}` });
    else if (value !== undefined) place(field, value, parts);
  }
  if (problems.length > 0) return { ok: false, problems };
  const { launch } = entry;
  const raw =
    launch.kind === "remote"
      ? { transport: "http", url: launch.url, headers: parts.headers, ...(launch.oauth ? { oauth: {} } : {}) }
      : {
          transport: "stdio",
          command: baseCommand(launch).command,
          args: [...baseCommand(launch).args, ...parts.args],
          env: parts.env,
          ...(parts.roots.length > 0 ? { roots: parts.roots } : {}),
          network: launch.kind !== "bundled" || entry.network,
        };
  const parsed = McpServerConfig.safeParse(raw);
  if (!parsed.success) return { ok: false, problems: [{ field: "", message: describeIssues(parsed.error) }] };
  return { ok: true, config: parsed.data };
}

/** The params an MCP Server node holds for this server: the fields a person fills in the inspector, no others. */
export function nodeParamsOf(config: McpServerConfig): Record<string, unknown> {
  if (config.transport === "http")
    return {
      transport: "http",
      url: config.url,
      headers: config.headers,
      protocol: config.protocol,
      auth: config.oauth ? "oauth" : "none",
    };
  return {
    transport: "stdio",
    command: config.command,
    args: config.args,
    env: config.env,
    roots: config.roots ?? [],
    network: config.network ?? false,
  };
}

/**
 * The name a workflow-level server from the catalogue is declared under: the entry's id, or `id-2`, `id-3`… when the
 * workflow already declares a different server under it (the same server again keeps its name).
 */
export function workflowServerName(base: string, declared: Record<string, unknown>, config: McpServerConfig): string {
  const same = (name: string) => JSON.stringify(declared[name]) === JSON.stringify(config);
  let name = base;
  for (let n = 2; Object.hasOwn(declared, name) && !same(name); n += 1) name = `${base}-${n}`;
  return name;
}
