/**
 * The reference MCP servers installed with Switchboard (pinned in package.json): they start from the checkout's
 * node_modules, so they work offline, and `catalogue-servers.integration.test.ts` starts each one in the sandbox.
 */
import type { CatalogueEntry } from "./types";

const REFERENCE = "https://github.com/modelcontextprotocol/servers/tree/main/src";
const VERSION = "2026.8.31";

export const bundledEntries: CatalogueEntry[] = [
  {
    id: "filesystem",
    title: "Filesystem",
    description: "Read, write, search and move files inside one folder you choose; nothing outside it.",
    icon: "folder-open",
    homepage: `${REFERENCE}/filesystem`,
    keywords: ["files", "folder", "directory", "read", "write"],
    launch: {
      kind: "bundled",
      package: "@modelcontextprotocol/server-filesystem",
      version: VERSION,
      bin: "dist/index.js",
      args: [],
    },
    network: false,
    fields: [
      {
        name: "folder",
        label: "Folder",
        kind: "path",
        required: true,
        root: true,
        into: { arg: true },
        placeholder: "/srv/shared/docs",
        help: "An absolute folder on the worker. The server may read and write in it, and sees nothing else.",
      },
    ],
  },
  {
    id: "memory",
    title: "Memory",
    description: "A knowledge graph of entities, relations and observations that agents keep between runs.",
    icon: "brain",
    homepage: `${REFERENCE}/memory`,
    keywords: ["knowledge graph", "remember", "entities", "notes"],
    launch: {
      kind: "bundled",
      package: "@modelcontextprotocol/server-memory",
      version: VERSION,
      bin: "dist/index.js",
      args: [],
    },
    network: false,
    fields: [
      {
        name: "folder",
        label: "Memory folder",
        kind: "path",
        required: true,
        root: true,
        into: { env: "MEMORY_FILE_PATH", suffix: "/memory.jsonl" },
        placeholder: "/srv/agent-memory",
        help: "An absolute folder on the worker where the graph is kept, as memory.jsonl.",
      },
    ],
  },
  {
    id: "sequential-thinking",
    title: "Sequential thinking",
    description: "A scratchpad tool for step-by-step reasoning: numbered thoughts that can be revised or branched.",
    icon: "list-checks",
    homepage: `${REFERENCE}/sequentialthinking`,
    keywords: ["reasoning", "think", "plan", "steps"],
    launch: {
      kind: "bundled",
      package: "@modelcontextprotocol/server-sequential-thinking",
      version: VERSION,
      bin: "dist/index.js",
      args: [],
    },
    network: false,
    fields: [],
  },
  {
    id: "everything",
    title: "Everything (test server)",
    description: "The MCP reference test server: echo, add, sample images, long operations, resources and prompts.",
    icon: "sparkles",
    homepage: `${REFERENCE}/everything`,
    keywords: ["test", "demo", "echo", "reference"],
    launch: {
      kind: "bundled",
      package: "@modelcontextprotocol/server-everything",
      version: VERSION,
      bin: "dist/index.js",
      args: ["stdio"],
    },
    network: false,
    fields: [],
  },
];
