/**
 * MCP Group: several MCP servers in one node. Each registers as `{groupNodeId}-{serverId}`, and an
 * agent wired to the group sees the tools of all of them.
 */
import { GroupNodeParams } from "../mcp/server-specs";
import { MCP_GROUP_TYPE } from "../mcp/mcp-names";
import { runtimeFields } from "./mcp-server";
import { defineComponent } from "./types";

export const mcpGroup = defineComponent({
  id: MCP_GROUP_TYPE,
  label: "MCP Group",
  category: "Tools",
  hostAccess: "stdio-servers",
  icon: "plug",
  description: "Several MCP servers in one node; an agent wired to it sees the tools of all of them.",
  inputs: [],
  outputs: [],
  fields: [
    {
      name: "servers",
      label: "Servers",
      kind: "json",
      placeholder:
        '[{ "id": "files", "transport": "stdio", "command": "npx", "args": ["-y", ' +
        '"@modelcontextprotocol/server-filesystem", "/tmp"] }]',
      help: "Each server: an id, then a stdio, http (an http(s) or ws(s) URL) or ref server; optionally a toolFilter.",
    },
    ...runtimeFields,
  ],
  tool: { name: "mcp_group", description: "The tools of several MCP servers.", agentInputs: [], discovered: true },
  params: GroupNodeParams,
  async execute() {
    throw new Error("MCP Group works in tool mode only: switch it to tool mode and wire it into an agent");
  },
});
