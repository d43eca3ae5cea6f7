/**
 * Every template is a valid workflow that compiles as it comes (its companions too), and names only real components.
 */
import { describe, expect, it } from "vitest";
import { lookupComponent } from "../nodes";
import { compileWorkflow } from "../workflow/compile";
import { parseGraph } from "../workflow/graph";
import { paramTypeProblems } from "./param-types";
import { TEMPLATES } from "./templates";
import { usesHostAccess } from "./templates-host-access";

describe("the template gallery", () => {
  it("has at least five templates with distinct ids; those with files or local MCP servers are marked as needing host access", () => {
    expect(TEMPLATES.length).toBeGreaterThanOrEqual(5);
    expect(new Set(TEMPLATES.map((template) => template.id)).size).toBe(TEMPLATES.length);
    const marked = TEMPLATES.filter((template) => usesHostAccess(template.graph({}))).map((template) => template.id);
    expect(marked).toEqual(["research-agent", "file-assistant", "mcp-explorer"]);
  });

  for (const template of TEMPLATES) {
    it(`"${template.name}" parses and compiles`, () => {
      const ids = Object.fromEntries(
        (template.companions ?? []).map((companion) => [companion.key, `companion-${companion.key}`]),
      );
      for (const graph of [template.graph(ids), ...(template.companions ?? []).map((companion) => companion.graph())]) {
        const parsed = parseGraph(graph);
        expect(parsed.ok, JSON.stringify(parsed)).toBe(true);
        const compiled = compileWorkflow(graph, lookupComponent, { hostTools: true });
        expect(compiled.ok ? [] : compiled.errors).toEqual([]);
        expect(paramTypeProblems(graph)).toEqual([]); // an export of it imports again
      }
    });
  }
});
