/**
 * The catalogue's installed servers really start: each is added as a person adds it (the entry and its settings made
 * into MCP Server node params), discovered the way the editor's Discover does it (launch spec, sandbox with no network,
 * the SDK's client), and the ones that keep files write them where their settings say, through the sandbox's roots.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { connectMcpServer } from "../mcp/connect";
import { discoverMcpTools } from "../mcp/discover-node";
import { configureServer, MCP_CATALOGUE, nodeParamsOf, type CatalogueEntry } from ".";

const folder = (name: string) => mkdtempSync(path.join(tmpdir(), `switchboard-catalogue-${name}-`));

const entry = (id: string) => MCP_CATALOGUE.find((candidate) => candidate.id === id)!;

function configOf(chosen: CatalogueEntry, values: Record<string, unknown>) {
  const result = configureServer(chosen, values);
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return result.config;
}

/** Every path setting gets a folder of its own; no other settings (the installed entries need none). */
const settingsFor = (chosen: CatalogueEntry) =>
  Object.fromEntries(
    chosen.fields.filter((field) => field.kind === "path").map((field) => [field.name, folder(chosen.id)]),
  );

const EXPECTED_TOOLS: Record<string, string[]> = {
  filesystem: ["read_text_file", "write_file", "list_directory"],
  memory: ["create_entities", "read_graph", "search_nodes"],
  "sequential-thinking": ["sequentialthinking"],
  everything: ["echo", "get-sum"],
};

describe("the catalogue's installed MCP servers, started in the sandbox", () => {
  const installed = MCP_CATALOGUE.filter((candidate) => candidate.launch.kind === "bundled");

  it("covers every installed entry", () => {
    expect(installed.map((candidate) => candidate.id).sort()).toEqual(Object.keys(EXPECTED_TOOLS).sort());
  });

  for (const chosen of installed) {
    it(`${chosen.id}: Discover lists its tools, offline`, async () => {
      const config = configOf(chosen, settingsFor(chosen));
      expect(config).toMatchObject({ transport: "stdio", command: "node", network: false });
      const discovery = await discoverMcpTools(
        { nodeId: "n1", type: "mcp.server", label: chosen.title, params: nodeParamsOf(config) },
        "admin",
      );
      expect(discovery.ok && discovery.servers[0]).toMatchObject({ ok: true });
      const names = discovery.ok && discovery.servers[0].ok ? discovery.servers[0].tools.map((tool) => tool.name) : [];
      for (const tool of EXPECTED_TOOLS[chosen.id]) expect(names).toContain(tool);
    });
  }

  it("filesystem: reads and writes in the folder its setting names", async () => {
    const docs = folder("docs");
    writeFileSync(path.join(docs, "hello.txt"), "hello from the host");
    const live = await connectMcpServer(configOf(entry("filesystem"), { folder: docs }));
    try {
      const read = await live.client.callTool({
        name: "read_text_file",
        arguments: { path: path.join(docs, "hello.txt") },
      });
      expect(JSON.stringify(read.content)).toContain("hello from the host");
      const wrote = await live.client.callTool({
        name: "write_file",
        arguments: { path: path.join(docs, "answer.txt"), content: "from the box" },
      });
      expect(wrote.isError).toBeFalsy();
      expect(readFileSync(path.join(docs, "answer.txt"), "utf8")).toBe("from the box");
    } finally {
      await live.close();
    }
  });

  it("memory: keeps its graph in memory.jsonl in the folder its setting names", async () => {
    const kept = folder("memory");
    const live = await connectMcpServer(configOf(entry("memory"), { folder: kept }));
    try {
      const created = await live.client.callTool({
        name: "create_entities",
        arguments: { entities: [{ name: "Switchboard", entityType: "project", observations: ["has a catalogue"] }] },
      });
      expect(created.isError).toBeFalsy();
    } finally {
      await live.close();
    }
    expect(readFileSync(path.join(kept, "memory.jsonl"), "utf8")).toContain('"name":"Switchboard"');
  });
});
