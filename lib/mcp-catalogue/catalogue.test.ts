/**
 * Every catalogue entry, configured with its settings, is an MCP server the rest of Switchboard takes as if a person
 * had typed it: the node compiles (as a node and as a workflow-level server), its launch spec is what the entry says,
 * and the installed ones point at files that are in node_modules at the version package.json pins.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { lookupComponent } from "../nodes";
import { secretRef } from "../secrets/secret-ref";
import { graphNode } from "../testing/fixtures";
import { compileWorkflow } from "../workflow/compile";
import { launchSpecOf } from "../workflow/launch-spec";
import {
  configureServer,
  MCP_CATALOGUE,
  nodeParamsOf,
  searchCatalogue,
  workflowServerName,
  type CatalogueEntry,
} from ".";
import { bundledPath } from "./configure";
import { commandLine, describeInstall } from "./install-line";

const root = path.resolve(import.meta.dirname, "../..");
const packageJson = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));

/** Settings a person could fill in: every field, required or not. */
function sampleValues(entry: CatalogueEntry): Record<string, unknown> {
  const sample = (kind: string, name: string) =>
    kind === "secret" ? secretRef(`SAMPLE_${name.toUpperCase()}`) : kind === "path" ? `/srv/${name}` : `${name}-value`;
  return Object.fromEntries(entry.fields.map((field) => [field.name, sample(field.kind, field.name)]));
}

function configured(entry: CatalogueEntry, values = sampleValues(entry)) {
  const result = configureServer(entry, values);
  if (!result.ok) throw new Error(`${entry.id}: ${JSON.stringify(result.problems)}`);
  return result.config;
}

const compile = (nodes: ReturnType<typeof graphNode>[], mcpServers?: Record<string, unknown>) =>
  compileWorkflow({ nodes, edges: [], ...(mcpServers ? { mcpServers } : {}) } as never, lookupComponent, {
    hostTools: true,
  });

describe("the MCP catalogue", () => {
  it("has unique ids that can name a workflow-level server, and the servers the issue asks for", () => {
    const ids = MCP_CATALOGUE.map((entry) => entry.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9-]+$/);
    for (const wanted of ["filesystem", "fetch", "git", "memory", "time", "everything", "postgres", "github", "slack"])
      expect(ids).toContain(wanted);
  });

  for (const entry of MCP_CATALOGUE) {
    it(`${entry.id}: compiles as an MCP Server node and as a workflow-level server`, () => {
      const config = configured(entry);
      const node = graphNode("n", "mcp.server", { label: entry.title, mode: "tool", params: nodeParamsOf(config) });
      const asNode = compile([node]);
      expect(asNode.ok ? [] : asNode.errors).toEqual([]);
      const byRef = graphNode("r", "mcp.server", { label: entry.title, params: { transport: "ref", ref: entry.id } });
      const asRef = compile([byRef], { [entry.id]: config });
      expect(asRef.ok ? [] : asRef.errors).toEqual([]);
    });

    it(`${entry.id}: starts what the entry says, with the settings where the fields say`, () => {
      const values = sampleValues(entry);
      const config = configured(entry, values);
      const node = { id: "n", type: "mcp.server", label: entry.title, params: nodeParamsOf(config) };
      const [launch] = launchSpecOf(node, undefined).launches;
      if (entry.launch.kind === "remote") {
        expect(launch).toMatchObject({ kind: "remote", url: entry.launch.url });
        return;
      }
      if (launch.kind !== "process") throw new Error(`${entry.id}: ${JSON.stringify(launch)}`);
      expect(launch.command).toBe({ bundled: "node", npx: "npx", uvx: "uvx" }[entry.launch.kind]);
      expect(launch.args.join(" ")).toContain(entry.launch.package);
      expect(launch.network).toBe(entry.launch.kind !== "bundled" || entry.network);
      for (const field of entry.fields) {
        const value = values[field.name];
        if ("arg" in field.into) expect(launch.args).toContain(value);
        if ("env" in field.into)
          expect(launch.env?.[field.into.env]).toEqual(
            typeof value === "string" ? value + (field.into.suffix ?? "") : value,
          );
        if (field.root) expect(launch.roots).toContain(value);
      }
    });
  }

  it("pins each installed server in package.json's dependencies, and its program is in node_modules", () => {
    const bundled = MCP_CATALOGUE.flatMap((entry) => (entry.launch.kind === "bundled" ? [entry.launch] : []));
    expect(bundled.length).toBeGreaterThanOrEqual(3);
    for (const launch of bundled) {
      expect(packageJson.dependencies[launch.package], launch.package).toBe(launch.version);
      const installed = JSON.parse(
        readFileSync(path.join(root, "node_modules", launch.package, "package.json"), "utf8"),
      );
      expect(installed.version, launch.package).toBe(launch.version);
      expect(existsSync(path.join(root, bundledPath(launch))), bundledPath(launch)).toBe(true);
    }
  });

  it("pins every downloaded package to an exact version", () => {
    for (const { launch } of MCP_CATALOGUE)
      if (launch.kind === "npx" || launch.kind === "uvx") expect(launch.version).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it("refuses missing and wrong settings, naming each field", () => {
    const filesystem = MCP_CATALOGUE.find((entry) => entry.id === "filesystem")!;
    expect(configureServer(filesystem, {})).toEqual({
      ok: false,
      problems: [{ field: "folder", message: "Folder is required" }],
    });
    expect(configureServer(filesystem, { folder: "docs" })).toEqual({
      ok: false,
      problems: [{ field: "folder", message: 'Folder "docs" must be an absolute folder' }],
    });
    const slack = MCP_CATALOGUE.find((entry) => entry.id === "slack")!;
    const result = configureServer(slack, { botToken: "xoxb-typed-in-plain", teamId: " " });
    expect(result).toEqual({
      ok: false,
      problems: [
        { field: "botToken", message: "Bot token must be a stored secret, picked by name" },
        { field: "teamId", message: "Workspace (team) ID is required" },
      ],
    });
  });

  it("leaves out optional settings left empty, and keeps secrets as references", () => {
    const time = MCP_CATALOGUE.find((entry) => entry.id === "time")!;
    expect(configured(time, {})).toMatchObject({ command: "uvx", args: ["mcp-server-time@2026.10.19"] });
    const github = MCP_CATALOGUE.find((entry) => entry.id === "github")!;
    const config = configured(github, { token: secretRef("GITHUB_TOKEN") });
    expect(config).toMatchObject({ transport: "http", headers: { Authorization: { $secret: "GITHUB_TOKEN" } } });
    expect(commandLine(config)).toBe("https://api.githubcopilot.com/mcp/ (Authorization: <secret GITHUB_TOKEN>)");
  });

  it("says what will be downloaded or run before it is added", () => {
    const byId = (id: string) => describeInstall(MCP_CATALOGUE.find((entry) => entry.id === id)!);
    expect(byId("filesystem")).toMatchObject({ offline: true, runsOnHost: true });
    expect(byId("filesystem").install).toContain("nothing is downloaded");
    expect(byId("postgres").install).toContain("npx downloads @modelcontextprotocol/server-postgres@0.6.2");
    expect(byId("fetch").install).toContain("uvx downloads mcp-server-fetch 2026.10.24 from PyPI");
    expect(byId("sentry")).toMatchObject({ offline: false, runsOnHost: false });
    const memory = MCP_CATALOGUE.find((entry) => entry.id === "memory")!;
    expect(commandLine(configured(memory, { folder: "/srv/my memory" }))).toBe(
      "MEMORY_FILE_PATH='/srv/my memory/memory.jsonl' node " +
        "node_modules/@modelcontextprotocol/server-memory/dist/index.js",
    );
  });

  it("finds entries by any word of their title, description, package or keywords", () => {
    expect(searchCatalogue("sql").map((entry) => entry.id)).toEqual(["postgres"]);
    expect(searchCatalogue("FILE folder").map((entry) => entry.id)).toContain("filesystem");
    expect(searchCatalogue("server-memory").map((entry) => entry.id)).toEqual(["memory"]);
    expect(searchCatalogue("nothing-like-this")).toEqual([]);
  });

  it("declares a workflow-level server under the entry's id, numbered when another server has it", () => {
    const memory = configured(
      MCP_CATALOGUE.find((entry) => entry.id === "memory")!,
      { folder: "/srv/a" },
    );
    const other = configured(
      MCP_CATALOGUE.find((entry) => entry.id === "memory")!,
      { folder: "/srv/b" },
    );
    expect(workflowServerName("memory", {}, memory)).toBe("memory");
    expect(workflowServerName("memory", { memory }, memory)).toBe("memory");
    expect(workflowServerName("memory", { memory: other }, memory)).toBe("memory-2");
    expect(workflowServerName("memory", { memory: other, "memory-2": other }, memory)).toBe("memory-3");
  });

  it("keeps secrets out of arguments and headers off stdio servers, one target per field", () => {
    for (const entry of MCP_CATALOGUE) {
      const names = entry.fields.map((field) => field.name);
      expect(new Set(names).size, entry.id).toBe(names.length);
      for (const field of entry.fields) {
        const where = `${entry.id}.${field.name}`;
        if (field.kind === "secret") expect("arg" in field.into, `${where}: a secret in an argument`).toBe(false);
        if ("header" in field.into) expect(entry.launch.kind, `${where}: a header`).toBe("remote");
        if (entry.launch.kind === "remote") expect("header" in field.into, `${where}: not a header`).toBe(true);
        if (field.root) expect(field.kind, `${where}: a root`).toBe("path");
      }
    }
  });
});
