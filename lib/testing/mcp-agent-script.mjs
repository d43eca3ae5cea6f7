/**
 * A small real agent program for tests of the External Agent's process mode: it reads the MCP
 * client configuration Switchboard generated (SWITCHBOARD_MCP_CONFIG), connects to the gateway with
 * the official SDK client, lists the tools it was given, calls the first with its task
 * (SWITCHBOARD_TASK) as input, and prints what it saw. `fail` as an argument makes it exit with 3.
 */
import { readFileSync } from "node:fs";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

if (process.argv.includes("fail")) {
  console.error("Error: the agent could not make sense of its task");
  process.exit(3);
}
const { mcpServers } = JSON.parse(readFileSync(process.env.SWITCHBOARD_MCP_CONFIG, "utf8"));
const { url, headers } = mcpServers.switchboard;
const client = new Client({ name: "test-agent-program", version: "1.0.0" });
await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
const { tools } = await client.listTools();
const result = await client.callTool({ name: tools[0].name, arguments: { input: process.env.SWITCHBOARD_TASK } });
await client.close();
const sameToken = process.env.SWITCHBOARD_GATEWAY_TOKEN === headers.Authorization.replace("Bearer ", "");
console.log(
  `tools=${tools.map((tool) => tool.name).join(",")} result=${result.content.map((part) => part.text).join("")} ` +
    `token=${sameToken ? "in env" : "missing"} ${process.env.SWITCHBOARD_GATEWAY_TOKEN}`,
);
