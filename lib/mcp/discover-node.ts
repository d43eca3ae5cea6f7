/**
 * "Discover tools" for an MCP node in the editor: each of its servers is connected once and its
 * tools listed; a server that cannot be reached answers with its (redacted) error instead.
 */
import type { Role } from "../auth/roles";
import { lookupComponent } from "../nodes";
import { describeIssues } from "../validation/describe-issues";
import { launchSpecOf, touchesHost, type LaunchNode } from "../workflow/launch-spec";
import { unknownParamMessage, unknownParams } from "../workflow/unknown-params";
import { discoverTools, type DiscoveredTool } from "./discover";
import { DiscoverInput } from "./discover-input";
import { editorServerKey, specsOf, type ServerSpec } from "./server-specs";

export type DiscoveryResult =
  | { key: string; source: string; ok: true; tools: Pick<DiscoveredTool, "name" | "description">[] }
  | { key: string; source: string; ok: false; error: string };

export type NodeDiscovery = { ok: true; servers: DiscoveryResult[] } | { ok: false; error: string };

/**
 * Validates the editor's input, then discovers; bad input is answered with what is wrong, never
 * thrown. What is judged and what is started are the same launch spec: a node that would start a
 * program (a stdio server, or one the worker could not even work out) is discovered only for an admin,
 * as only an admin may save such a node; a param the node does not take is refused as a save refuses it.
 */
export async function discoverMcpTools(input: unknown, role: Role, signal?: AbortSignal): Promise<NodeDiscovery> {
  const parsed = DiscoverInput.safeParse(input);
  if (!parsed.success) return { ok: false, error: describeIssues(parsed.error, "input") };
  const { nodeId, type, label, params, mcpServers } = parsed.data;
  const meta = lookupComponent(type)!;
  const unknown = unknownParams(params, meta);
  if (unknown.length > 0)
    return {
      ok: false,
      error: unknownParamMessage({ id: nodeId, label: label || meta.label }, meta.label, unknown[0]),
    };
  const node: LaunchNode = { id: nodeId, type, label, params: { ...meta.defaults, ...params } };
  const spec = launchSpecOf(node, mcpServers);
  if (role !== "admin" && touchesHost(spec)) {
    return {
      ok: false,
      error: `Only an admin may discover the tools of a stdio MCP server: it starts a program on this machine`,
    };
  }
  let specs: ServerSpec[];
  try {
    specs = specsOf(spec.mcp!);
  } catch (error) {
    return { ok: false, error: (error as Error).message };
  }
  return discoverSpecs(node, specs, signal);
}

async function discoverSpecs(
  node: { id: string; type: string },
  specs: ServerSpec[],
  signal?: AbortSignal,
): Promise<NodeDiscovery> {
  const servers = await Promise.all(
    specs.map(async (spec): Promise<DiscoveryResult> => {
      const key = editorServerKey(node, spec);
      try {
        const tools = await discoverTools(spec.config, spec.startupTimeoutMs, signal);
        return {
          key,
          source: spec.source,
          ok: true,
          tools: tools.map(({ name, description }) => ({ name, description })),
        };
      } catch (error) {
        return { key, source: spec.source, ok: false, error: (error as Error).message };
      }
    }),
  );
  return { ok: true, servers };
}
