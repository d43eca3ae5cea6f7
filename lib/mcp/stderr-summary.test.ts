/** What a person reads when an MCP server does not start: the line that says why, from real crash output. */
import { describe, expect, it } from "vitest";
import { stderrSummary } from "./stderr-summary";

// `node /nonexistent/server.js` on Node 20, as written to stderr.
const NODE_MISSING_MODULE = `node:internal/modules/cjs/loader:1210
  throw err;
  ^

Error: Cannot find module '/nonexistent/server.js'
    at Module._resolveFilename (node:internal/modules/cjs/loader:1207:15)
    at Module._load (node:internal/modules/cjs/loader:1038:27)
    at Function.executeUserEntryPoint [as runMain] (node:internal/modules/run_main:164:12)
    at node:internal/main/run_main_module:28:49 {
  code: 'MODULE_NOT_FOUND',
  requireStack: []
}

Node.js v20.20.2`;

const PYTHON_IMPORT_ERROR = `Traceback (most recent call last):
  File "/srv/server.py", line 1, in <module>
    import mcp_server_git
ModuleNotFoundError: No module named 'mcp_server_git'`;

describe("stderrSummary", () => {
  it("keeps Node's 'Cannot find module' line and drops the stack and the version", () => {
    const summary = stderrSummary(NODE_MISSING_MODULE);
    expect(summary).toContain("Error: Cannot find module '/nonexistent/server.js'");
    expect(summary).not.toMatch(/at Module|Node\.js v|throw err/);
  });

  it("keeps a Python exception, not the traceback", () => {
    expect(stderrSummary(PYTHON_IMPORT_ERROR)).toBe("ModuleNotFoundError: No module named 'mcp_server_git'");
  });

  it("falls back to the last lines when none says what went wrong, and to nothing for empty output", () => {
    expect(stderrSummary("starting\nlistening on stdio\nbye")).toBe("starting | listening on stdio | bye");
    expect(stderrSummary("\n  \n")).toBe("");
  });
});
