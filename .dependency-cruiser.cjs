/**
 * The layers of the code (ARCHITECTURE.md) as rules: imports followed at run time (type-only imports
 * left out) may not form a cycle and may not go up a layer. `npm run check:deps` runs it first in `npm test`.
 */

/**
 * Bottom to top. A layer holds whole folders (`folders`, under lib/ unless a path says otherwise) and
 * single files (`files`, paths without the extension under lib/): a file named here belongs to its layer
 * whatever its folder's. Within a layer, folders may import each other; cycles are still refused.
 */
const LAYERS = [
  {
    name: "base",
    folders: ["platform", "net", "validation", "sandbox", "telemetry"],
    files: ["secrets/redact", "secrets/secret-destination", "http/client-address"],
  },
  { name: "storage", folders: ["db", "queue"] },
  { name: "stores", folders: ["secrets", "settings", "registry", "variables", "metrics"] },
  { name: "auth", folders: ["auth"] },
  { name: "http", folders: ["http"], files: ["platform/web-server"] },
  {
    name: "language",
    folders: ["workflow", "flow", "mcp-catalogue"],
    files: [
      "nodes/types",
      "nodes/param-validators",
      "agent/validate-model-params",
      "agent/model-defaults",
      "agent/output-schema",
      "agent/provider-table",
      "agent/stop-reason",
      "external-agent/validate-external-agent-params",
      "mcp/validate-node-params",
      "mcp/server-specs",
      "mcp/config",
      "mcp/mcp-names",
      "mcp/remote-protocol",
      "triggers/cron",
      "triggers/schedule-interval",
      "triggers/validate-schedule-interval",
      "nodes/host-params",
      "tools/roots-param",
    ],
  },
  {
    name: "records",
    files: [
      "runs/events",
      "runs/terminal-events",
      "runs/transcript",
      "runs/text-streamer",
      "runs/answer-text",
      "runs/run-lease",
      "runs/live-events",
      "runs/event-store",
      "runs/record-event",
      "runs/load-plan",
      "runs/run-secrets",
      "runs/retry",
      "gateway/error-result",
      "gateway/result-text",
      "gateway/session-token",
      "gateway/mcp-tools",
      "gateway/run-liveness",
      "gateway/run-secrets",
      "triggers/schedules",
      "chat/history",
    ],
  },
  { name: "parts", folders: ["approvals", "audit", "mcp", "tools"], files: ["a2a/parts", "a2a/remote-agent"] },
  { name: "agents", folders: ["agent", "external-agent", "knowledge"] },
  { name: "catalogue", folders: ["nodes"] },
  {
    name: "engine",
    folders: ["runs", "gateway", "workflow-store", "insights"],
    files: [
      "tools/tool-kinds",
      "tools/execute-component-call",
      "tools/register-component-tool",
      "tools/a2a-agent-tool",
      "tools/knowledge-tool",
      "tools/workflow-tool",
      "mcp/discover-node",
    ],
  },
  {
    name: "services",
    folders: ["triggers", "chat", "mcp-server", "ag-ui", "a2a", "evaluations", "public-chat"],
    files: ["runs/start-workers"],
  },
  {
    name: "app",
    paths: ["^(app|components|hooks|workers|e2e)/", "^lib/testing/", "^[^/]+\\.tsx?$"],
    files: ["db/test-database"],
  },
];

/** A lib/ folder in no layer would escape every rule: say so rather than pass. */
const layered = new Set(LAYERS.flatMap((layer) => layer.folders ?? []).concat("testing"));
const unlayered = require("node:fs")
  .readdirSync(require("node:path").join(__dirname, "lib"), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !layered.has(entry.name))
  .map((entry) => `lib/${entry.name}`);
if (unlayered.length > 0) {
  throw new Error(
    `${unlayered.join(", ")}: in no layer. Add to LAYERS in .dependency-cruiser.cjs and to ARCHITECTURE.md.`,
  );
}

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const filePattern = (files) => (files.length ? [`^lib/(${files.map(escape).join("|")})\\.tsx?$`] : []);
const patternsOf = (layer) => [
  ...(layer.paths ?? []),
  ...(layer.folders ?? []).map((folder) => `^lib/${escape(folder)}/`),
  ...filePattern(layer.files ?? []),
];
const namedFiles = (layers) => filePattern(layers.flatMap((layer) => layer.files ?? []));
const TESTS = "\\.test\\.tsx?$";

/** One rule per layer: nothing in it imports (at run time) anything in a layer above it. */
const upwardRules = LAYERS.slice(0, -1).map((layer, index) => {
  const above = LAYERS.slice(index + 1);
  return {
    name: `layer-${layer.name}`,
    comment:
      `${layer.name} may import only its own layer and those below it (ARCHITECTURE.md): pass a capability ` +
      `in instead`,
    severity: "error",
    from: { path: patternsOf(layer), pathNot: [TESTS, ...namedFiles(LAYERS.filter((other) => other !== layer))] },
    to: {
      path: above.flatMap(patternsOf),
      pathNot: namedFiles(LAYERS.slice(0, index + 1)),
      dependencyTypesNot: ["type-only"],
    },
  };
});

module.exports = {
  forbidden: [
    {
      name: "no-runtime-cycle",
      comment:
        "A cycle of run-time imports: which module loads first decides what the other sees (a TDZ error in a bundle).",
      severity: "error",
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ["type-only"] } },
    },
    ...upwardRules,
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: ["(^|/)node_modules/", "^\\.next/"] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".d.ts"],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
