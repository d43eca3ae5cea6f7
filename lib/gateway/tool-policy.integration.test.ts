/**
 * Allow-lists and aliases through the real gateway over Streamable HTTP with the SDK's client:
 * what each agent sees, that an alias and the real name both reach the real tool, and that a
 * call outside the allowed set comes back as an error result and is recorded as blocked.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { CallToolResultSchema } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSessionToken, type SessionClaims } from "./session-token";
import { getDb } from "../db/client";
import { createRedis } from "../queue/redis";
import { deleteRegistry } from "../registry/registry";
import { listEvents } from "../runs/read-events";
import { graphEdge, graphNode, storeRun } from "../testing/fixtures";
import { startTestStack, type TestStack } from "../testing/test-stack";
import { registerComponentTool } from "../tools/register-component-tool";

const redis = createRedis();
let stack: TestStack;
let target: Server;
let targetUrl: string;
let runId: string;
const clients: Client[] = [];

async function connect(claims: Omit<SessionClaims, "runId" | "agentNodeId">): Promise<Client> {
  const token = await createSessionToken({ runId, agentNodeId: "agent", ...claims });
  const client = new Client({ name: "policy-test", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${stack.url}/api/mcp/gateway`), {
      requestInit: { headers: { Authorization: `Bearer ${token}` } },
    }),
  );
  clients.push(client);
  return client;
}

const toolNames = async (client: Client) => (await client.listTools()).tools.map((t) => t.name).sort();
/** A raw tools/call request: what a model might send, whatever the client thinks is listed. */
const rawCall = (client: Client, name: string, args: Record<string, unknown>) =>
  client.request({ method: "tools/call", params: { name, arguments: args } }, CallToolResultSchema);

beforeAll(async () => {
  stack = await startTestStack();
  target = createServer((req, res) => res.writeHead(200, { "content-type": "text/plain" }).end(`hit ${req.url}`));
  await new Promise<void>((resolve) => target.listen(0, "127.0.0.1", resolve));
  targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
  const http = (id: string, label: string) => graphNode(id, "core.http.request", { label, mode: "tool" });
  const stored = await storeRun({
    nodes: [
      graphNode("agent", "core.agent"),
      http("read", "Read Page"),
      http("post", "Post Page"),
      http("stray", "Stray"),
    ],
    edges: [graphEdge("read", "tool", "agent", "tools"), graphEdge("post", "tool", "agent", "tools")],
  });
  runId = stored.runId;
  for (const id of ["read", "post", "stray"]) await registerComponentTool(redis, runId, stored.plan.nodes[id], {});
});

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await deleteRegistry(redis, runId);
  // Other suites list workflows; leave the database as we found it.
  await getDb()
    .run.findUnique({ where: { id: runId } })
    .then((run) => run && getDb().workflow.delete({ where: { id: run.workflowId } }));
  redis.disconnect();
  target.close();
  await stack.close();
});

describe("allow-lists and aliases at the gateway", () => {
  it("lists only the allowed tools, with aliases as extra names", async () => {
    expect(await toolNames(await connect({ allowedNodeIds: ["read", "post"] }))).toEqual(["post_page", "read_page"]);
    expect(
      await toolNames(
        await connect({ allowedNodeIds: ["read", "post"], allowedTools: ["*"], toolAliases: { fetch: "read_page" } }),
      ),
    ).toEqual(["fetch", "post_page", "read_page"]);
    const limited = await connect({
      allowedNodeIds: ["read", "post"],
      allowedTools: ["fetch"],
      toolAliases: { fetch: "read_page" },
    });
    expect(await toolNames(limited)).toEqual(["fetch", "read_page"]);
    const alias = (await limited.listTools()).tools.find((t) => t.name === "fetch");
    expect(alias?.description).toMatch(/^Alias of read_page\./);
    expect(alias?.inputSchema).toMatchObject({ properties: { url: { type: "string" } } });
  });

  it("forwards a call by alias and by real name to the real tool", async () => {
    const client = await connect({
      allowedNodeIds: ["read", "post"],
      allowedTools: ["fetch"],
      toolAliases: { fetch: "read_page" },
    });
    const byAlias = await rawCall(client, "fetch", { url: `${targetUrl}/by-alias` });
    const byName = await rawCall(client, "read_page", { url: `${targetUrl}/by-name` });
    expect(byAlias).toMatchObject({ isError: false, structuredContent: { status: 200, body: "hit /by-alias" } });
    expect(byName).toMatchObject({ isError: false, structuredContent: { status: 200, body: "hit /by-name" } });
  });

  it("refuses a wired tool outside the allow-list with an error result and records the blocked attempt", async () => {
    const client = await connect({ allowedNodeIds: ["read", "post"], allowedTools: ["read_page"] });
    const result = await rawCall(client, "post_page", { url: `${targetUrl}/should-not-be-hit` });
    expect(result.isError).toBe(true);
    expect(JSON.stringify(result.content)).toContain(
      `Blocked: Tool \\"post_page\\" is not in this agent's allowed tools (allowed: read_page)`,
    );

    const blocked = (await listEvents(runId)).filter((event) => event.type === "tool.call.blocked");
    expect(blocked.at(-1)?.payload).toEqual({
      nodeId: "agent",
      toolName: "post_page",
      args: { url: `${targetUrl}/should-not-be-hit` },
      reason: 'Tool "post_page" is not in this agent\'s allowed tools (allowed: read_page)',
    });
  });

  it("refuses a registered tool that is not wired to the agent, even under an alias", async () => {
    const client = await connect({ allowedNodeIds: ["read"], toolAliases: { sneaky: "stray" } });
    expect(await toolNames(client)).toEqual(["read_page"]);
    const direct = await rawCall(client, "stray", { url: `${targetUrl}/x` });
    const viaAlias = await rawCall(client, "sneaky", { url: `${targetUrl}/x` });
    expect(direct).toMatchObject({
      isError: true,
      content: [
        { type: "text", text: expect.stringMatching(/"stray" is not available to this agent: it is not wired/) },
      ],
    });
    expect(viaAlias).toMatchObject({
      isError: true,
      content: [{ type: "text", text: expect.stringContaining('Alias "sneaky" points at "stray"') }],
    });
    const reasons = (await listEvents(runId))
      .filter((event) => event.type === "tool.call.blocked")
      .map((event) => (event.payload as { toolName: string }).toolName);
    expect(reasons.slice(-2)).toEqual(["stray", "sneaky"]);
  });
});
